import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { vnHourMinute, type BusyBroadcast } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import { hasRight, useCurrentUser } from '../../auth/useAuth';

/** The running broadcasts of the same priority a 409 named (`dangphat`), or null when the error is another one. */
export function busyOf(error: unknown): BusyBroadcast[] | null {
  const e = error as { status?: number; body?: { dangphat?: unknown } } | null;
  if (!e || e.status !== 409 || !Array.isArray(e.body?.dangphat) || e.body.dangphat.length === 0) return null;
  return e.body.dangphat as BusyBroadcast[];
}

/**
 * Whether the user may interrupt all of these: their own, or anyone's with the stop right
 * (dungphatchuongtrinh, the server's rule for stopping another's broadcast; it also checks the area).
 */
export const mayInterrupt = (user: { userID: string; quyenhan: { value: string }[] }, busy: BusyBroadcast[]): boolean =>
  hasRight(user, 'dungphatchuongtrinh') || busy.every((b) => b.nguoitao._id === user.userID);

/**
 * "Ngắt bản tin của …?" (issue #18): the chosen speakers play a bulletin of the same priority; the
 * officer interrupts it explicitly or keeps it (the form stays for later). A live talk is named as
 * one (it has no planned end), and an officer who may not stop it is told so instead of being
 * offered a button that always fails (issue #32 items 3 and 7).
 */
export function TakeoverDialog({ open, busy, onTakeOver, onCancel }: { open: boolean; busy: BusyBroadcast[]; onTakeOver: () => void; onCancel: () => void }) {
  const { t } = useT();
  const user = useCurrentUser();
  const who = [...new Set(busy.map((b) => b.nguoitao.hoten || '—'))].join(', ');
  const live = busy.length > 0 && busy.every((b) => b.tructiep);
  const allowed = mayInterrupt(user, busy);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="takeover-title" maxWidth="sm" fullWidth>
      <DialogTitle id="takeover-title">{t(live ? 'takeover.titleLive' : 'takeover.title', { who })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(live ? 'takeover.bodyLive' : 'takeover.body')}</DialogContentText>
        <List dense>
          {busy.map((b) => (
            <ListItem key={b.idlichphat} disableGutters data-testid="takeover-item">
              <ListItemText primary={b.tructiep
                ? t('takeover.itemLive', { title: b.tieude || '—', who: b.nguoitao.hoten || '—', count: b.soloa })
                : t('takeover.item', { title: b.tieude || '—', who: b.nguoitao.hoten || '—', count: b.soloa, until: vnHourMinute(b.ketthuc) })} />
            </ListItem>
          ))}
        </List>
        {!allowed && <Alert severity="warning" data-testid="takeover-no-right">{t('takeover.noRight', { who })}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>{t('takeover.cancel')}</Button>
        {allowed && <Button variant="contained" color="error" onClick={onTakeOver}>{t('takeover.confirm')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
