import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, List, ListItem, ListItemText } from '@mui/material';
import { vnHourMinute, type BusyBroadcast } from '@loa/contract';
import { useT } from '../../../i18n/useT';

/** The running broadcasts of the same priority a 409 named (`dangphat`), or null when the error is another one. */
export function busyOf(error: unknown): BusyBroadcast[] | null {
  const e = error as { status?: number; body?: { dangphat?: unknown } } | null;
  if (!e || e.status !== 409 || !Array.isArray(e.body?.dangphat) || e.body.dangphat.length === 0) return null;
  return e.body.dangphat as BusyBroadcast[];
}

/**
 * "Ngắt bản tin của …?" (issue #18): the chosen speakers play a bulletin of the same priority; the
 * officer interrupts it explicitly or keeps it (the form stays for later).
 */
export function TakeoverDialog({ open, busy, onTakeOver, onCancel }: { open: boolean; busy: BusyBroadcast[]; onTakeOver: () => void; onCancel: () => void }) {
  const { t } = useT();
  const who = [...new Set(busy.map((b) => b.nguoitao.hoten || '—'))].join(', ');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="takeover-title" maxWidth="sm" fullWidth>
      <DialogTitle id="takeover-title">{t('takeover.title', { who })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('takeover.body')}</DialogContentText>
        <List dense>
          {busy.map((b) => (
            <ListItem key={b.idlichphat} disableGutters data-testid="takeover-item">
              <ListItemText primary={t('takeover.item', { title: b.tieude || '—', who: b.nguoitao.hoten || '—', count: b.soloa, until: vnHourMinute(b.ketthuc) })} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>{t('takeover.cancel')}</Button>
        <Button variant="contained" color="error" onClick={onTakeOver}>{t('takeover.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
