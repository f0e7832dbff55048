import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { ScheduleConflict } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatRange } from './scheduleWhen';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/**
 * The clashes kiemtrathongtin found: which schedule, the whole occurrence of each of the two, which
 * devices; the officer saves anyway or goes back.
 */
export function ConflictDialog({ conflicts, onSaveAnyway, onBack }: { conflicts: ScheduleConflict[]; onSaveAnyway: () => void; onBack: () => void }) {
  const { t } = useT();
  return (
    <Dialog open onClose={onBack} fullWidth maxWidth="sm" aria-labelledby="schedule-conflict-title">
      <DialogTitle id="schedule-conflict-title">{t('schedules.conflictTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography gutterBottom>{t('schedules.conflictIntro')}</Typography>
        <List dense>
          {conflicts.map((c) => (
            <ListItem key={`${c.idlichphat}-${c.batdau}`} data-testid="schedule-conflict" divider>
              <ListItemText
                primary={`${c.tieude} — ${formatRange(c.lichkhac.batdau, c.lichkhac.ketthuc)}`}
                secondary={(
                  <>
                    <span style={{ display: 'block' }}>{t('schedules.conflictMine', { range: formatRange(c.lichnay.batdau, c.lichnay.ketthuc) })}</span>
                    <span style={{ display: 'block' }}>{t('schedules.conflictDevices', { devices: c.thietbi.map((d) => d.tenthietbi).join(', ') })}</span>
                  </>
                )}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} autoFocus>{t('schedules.goBack')}</Button>
        <Button variant="contained" color="warning" onClick={onSaveAnyway}>{t('schedules.saveAnyway')}</Button>
      </DialogActions>
    </Dialog>
  );
}
