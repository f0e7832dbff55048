import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { ENROLMENT_MESSAGES, type Area } from '@loa/contract';
import { ShownOnceDialog } from '../../app/dialogs/ShownOnceDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useInvalidate } from '../../lib/query/useApiQuery';
import { AreaSelect } from '../areas/AreaSelect';
import { CODES_PATH, createCode } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

type Field = 'diaban' | 'soluong' | 'hieulucgio';

/** A whole number within bounds, or null. */
const wholeWithin = (text: string, min: number, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : null;
};

/**
 * Makes an enrolment code for an area (how many boxes, for how long), then shows it once with a
 * copy button and the command a technician types on the box. Mount it only while open.
 */
export function CreateCodeDialog({ areas, onClose }: { areas: readonly Area[]; onClose: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const [values, setValues] = useState({ diaban: '', soluong: '10', hieulucgio: '72', ghichu: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<string | null>(null);

  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const soluong = wholeWithin(values.soluong, 1, 2000);
    const hieulucgio = wholeWithin(values.hieulucgio, 1, 720);
    const found: Partial<Record<Field, string>> = {};
    if (!values.diaban) found.diaban = ENROLMENT_MESSAGES.areaUnknown;
    if (soluong === null) found.soluong = ENROLMENT_MESSAGES.countRange;
    if (hieulucgio === null) found.hieulucgio = ENROLMENT_MESSAGES.hoursRange;
    setErrors(found);
    if (soluong === null || hieulucgio === null || found.diaban) return;
    setBusy(true);
    try {
      const made = await createCode({ diaban: values.diaban, soluong, hieulucgio, ghichu: values.ghichu.trim() });
      await invalidate(CODES_PATH);
      setCode(made.ma);
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      setBusy(false);
    }
  };

  if (code !== null) {
    return (
      <ShownOnceDialog secret={code} title={t('enrolment.codes.shownTitle')} warning={t('enrolment.codes.shownWarning')} doneLabel={t('enrolment.codes.shownDone')} testId="enrolment-code-value" fontSize={24} onClose={onClose}>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {t('enrolment.codes.shownHelp', { server: window.location.origin, code })}
        </Typography>
      </ShownOnceDialog>
    );
  }
  const number = (field: 'soluong' | 'hieulucgio', label: string) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      error={!!errors[field]}
      helperText={errors[field] ? tMessage(errors[field]) : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      fullWidth
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-code-title" maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="create-code-title">{t('enrolment.codes.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <AreaSelect label={t('enrolment.codes.area')} value={values.diaban} onChange={set('diaban')} areas={areas} error={errors.diaban && tMessage(errors.diaban)} />
            <Stack direction="row" spacing={2}>
              {number('soluong', t('enrolment.codes.count'))}
              {number('hieulucgio', t('enrolment.codes.hours'))}
            </Stack>
            <TextField label={t('enrolment.codes.note')} value={values.ghichu} onChange={(event) => set('ghichu')(event.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} fullWidth />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('enrolment.codes.submit')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
