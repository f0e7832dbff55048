import { useState } from 'react';
import {
  Alert, Button, Checkbox, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, List, ListItem, ListItemText, Stack, TextField, Typography,
} from '@mui/material';
import { vnIsoDay } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatDate } from './scheduleWhen';
import { useHolidayCalendar, useSaveHolidayCalendar } from './useHolidayCalendar';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/**
 * 'Lịch ngày nghỉ': the public holidays of the law (on or off) and the organisation's own days, one
 * "dd/mm/yyyy Tên" a line, with every holiday of a chosen year; schedules that skip holidays do not
 * play on them. Only an approver (`canEdit`) changes it; a malformed line is refused by number.
 */
export function HolidayCalendarDialog({ canEdit, onClose }: { canEdit: boolean; onClose: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [thisYear] = useState(() => Number(vnIsoDay(Date.now()).slice(0, 4)));
  const [year, setYear] = useState(thisYear);
  const calendar = useHolidayCalendar(year);
  const save = useSaveHolidayCalendar();
  const [draft, setDraft] = useState<{ ngayleluat: boolean; ngayrieng: string } | null>(null);
  const value = draft ?? (calendar.data ? { ngayleluat: calendar.data.ngayleluat, ngayrieng: calendar.data.ngayrieng } : null);
  const submit = () => {
    if (!value) return;
    save.mutate(value, {
      onSuccess: () => {
        setDraft(null);
        notify.success(t('holidays.saved'));
      },
    });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="holiday-calendar-title">
      <DialogTitle id="holiday-calendar-title">{t('holidays.title')}</DialogTitle>
      <DialogContent dividers>
        {!value && !calendar.error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
        {calendar.error && <Alert severity="error">{tMessage(errorMessage(calendar.error))}</Alert>}
        {value && (
          <Stack spacing={2}>
            {!canEdit && <Alert severity="info">{t('holidays.readOnly')}</Alert>}
            <FormControlLabel
              control={<Checkbox checked={value.ngayleluat} disabled={!canEdit} onChange={(e) => setDraft({ ...value, ngayleluat: e.target.checked })} />}
              label={t('holidays.statutory')}
            />
            <TextField
              multiline minRows={4} label={t('holidays.own')} helperText={t('holidays.ownHint')} value={value.ngayrieng} disabled={!canEdit}
              onChange={(e) => setDraft({ ...value, ngayrieng: e.target.value })} slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {save.error && <Alert severity="error" sx={{ whiteSpace: 'pre-line' }} data-testid="holiday-errors">{tMessage(errorMessage(save.error))}</Alert>}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h2">{t('holidays.list', { year })}</Typography>
              <TextField select size="small" label={t('holidays.year')} value={year} onChange={(e) => setYear(Number(e.target.value))} slotProps={{ select: { native: true } }}>
                {Array.from({ length: 7 }, (_, i) => thisYear - 1 + i).map((y) => <option key={y} value={y}>{y}</option>)}
              </TextField>
            </Stack>
            <List dense data-testid="holiday-list">
              {calendar.data?.danhsach.length === 0 && <Typography color="text.secondary">{t('holidays.none')}</Typography>}
              {calendar.data?.danhsach.map((h) => (
                <ListItem key={h.ngay} disableGutters secondaryAction={<Chip size="small" label={t(`holidays.source.${h.nguon}`)} />}>
                  <ListItemText primary={`${formatDate(h.ngay)} — ${h.ten}`} />
                </ListItem>
              ))}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {canEdit && <Button variant="contained" disabled={!value || save.isPending} onClick={submit}>{t('schedules.save')}</Button>}
      </DialogActions>
    </Dialog>
  );
}
