import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, CircularProgress, FormControlLabel, FormGroup, FormLabel, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { GRID_SPACING, LOCALES, MESSAGING_SERVICES, MSG, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES, type Forwarding, type Locale, type MessagingService } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { errorMessage } from '../../lib/apiClient';
import { PasswordField } from '../auth/PasswordField';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { NoRightNotice } from '../errors/NoRightNotice';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { FORWARDING_PATH, saveForwarding, testForwarding } from './api';
import { forwardingBody, forwardingToForm, type ForwardingFormValues } from './forwardingForm';

const isKnown = (service: string): service is MessagingService => (MESSAGING_SERVICES as readonly string[]).includes(service);

/** /notification-{service}: which events go to Telegram, Zalo OA or a webhook, the service's settings and a test message. */
export function ForwardingPage({ service }: { service: string }) {
  const { t, tMessage } = useT();
  const allowed = hasRight(useCurrentUser(), 'quanlytaikhoan');
  const title = t('nav.notificationPage', { service: isKnown(service) ? t(`forwarding.service.${service}`) : service });
  if (!isKnown(service)) {
    return (
      <Paper sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>{title}</Typography>
        <Alert severity="warning">{tMessage(NOTIFICATION_MESSAGES.serviceUnknown)}</Alert>
      </Paper>
    );
  }
  if (!allowed) return <NoRightNotice titleId="nav.notificationPage" titleParams={{ service: t(`forwarding.service.${service}`) }} right="quanlytaikhoan" />;
  return <ForwardingSettings key={service} service={service} title={title} />;
}

function ForwardingSettings({ service, title }: { service: MessagingService; title: string }) {
  const { t, tMessage, locale } = useT();
  const notify = useNotify();
  const [stored, setStored] = useState<Forwarding | null | undefined>(undefined);
  const [values, setValues] = useState<ForwardingFormValues>(() => forwardingToForm(undefined, locale));
  const [fieldError, setFieldError] = useState<{ field?: string; message: string; fields?: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidate();

  const forwarding = useApiQuery<Forwarding[]>(FORWARDING_PATH, { staleTime: STALE.lists });
  // The form starts from the saved setting once it arrives (adjusted while rendering); a failed read
  // says why and leaves an empty form to fill in.
  if (stored === undefined && (forwarding.data || forwarding.isError)) {
    const mine = forwarding.data?.find((f) => f.dichvu === service) ?? null;
    setStored(mine);
    setValues(forwardingToForm(mine ?? undefined, locale));
  }

  const set = <K extends keyof ForwardingFormValues>(key: K, value: ForwardingFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFieldError(null);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = forwardingBody(service, values, stored);
    if (!checked.body) {
      setFieldError({ field: checked.field, message: checked.error ?? NOTIFICATION_MESSAGES.notConfigured, fields: checked.fields });
      return;
    }
    setBusy(true);
    try {
      const saved = await saveForwarding(checked.body);
      setStored(saved);
      setValues(forwardingToForm(saved, locale));
      void invalidate(FORWARDING_PATH);
      notify.success(t('forwarding.saved'));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const sendTest = async () => {
    setBusy(true);
    try {
      await testForwarding(service);
      notify.success(t('forwarding.testSent'));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const errorFor = (field: string) => {
    const message = fieldError?.fields?.[field] ?? (fieldError?.field === field ? fieldError.message : undefined);
    return message === undefined ? undefined : tMessage(message);
  };
  const masked = (key: string) => stored?.cauhinh[key] || '';
  // Only the administrator's own account or a manager of every area changes forwarding: others read it.
  const readOnly = stored?.duocsua === false;

  if (stored === undefined) return <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{title}</Typography>
      <Paper sx={{ p: 3 }}>
        <form onSubmit={(event) => void save(event)} noValidate>
          <Stack spacing={3} sx={{ maxWidth: 640 }}>
            <Typography variant="body2" color="text.secondary">{t(`forwarding.intro.${service}`)}</Typography>
            <QueryErrorAlert error={forwarding.error} onRetry={forwarding.refetch} />
            {readOnly && <Alert severity="info">{tMessage(MSG.forwardingWholeAdministrator)}</Alert>}
            {stored?.loigannhat && <Alert severity="error">{t('forwarding.lastError', { error: stored.loigannhat })}</Alert>}
            <Stack component="fieldset" disabled={readOnly} spacing={3} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <FormControlLabel control={<Switch checked={values.batdau} onChange={(e) => set('batdau', e.target.checked)} />} label={t('forwarding.enabled')} />
            <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{t('forwarding.events')}</FormLabel>
              <FormGroup>
                {NOTIFICATION_KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind.value}
                    label={t(`forwarding.kind.${kind.value}` as MessageId)}
                    control={<Checkbox checked={values.sukien.includes(kind.value)} onChange={(e) => set('sukien', e.target.checked ? [...values.sukien, kind.value] : values.sukien.filter((k) => k !== kind.value))} />}
                  />
                ))}
              </FormGroup>
            </Stack>
            <TextField
              select label={t('forwarding.language')} value={values.ngonngu} onChange={(e) => set('ngonngu', e.target.value as Locale)}
              helperText={t('forwarding.languageHelp')} sx={{ maxWidth: 320 }}
            >
              {LOCALES.map((l) => <MenuItem key={l} value={l}>{t(`forwarding.language.${l}`)}</MenuItem>)}
            </TextField>
            {service === 'telegram' ? (
              <>
                <PasswordField label={t('forwarding.botToken')} value={values.bottoken} onChange={(e) => set('bottoken', e.target.value)} autoComplete="off" placeholder={masked('bottoken')} helperText={errorFor('bottoken') ?? (masked('bottoken') ? t('forwarding.keepSecret') : t('forwarding.botTokenHelp'))} error={!!errorFor('bottoken')} fullWidth />
                <TextField label={t('forwarding.chatId')} value={values.chatid} onChange={(e) => set('chatid', e.target.value)} helperText={errorFor('chatid') ?? t('forwarding.chatIdHelp')} error={!!errorFor('chatid')} fullWidth />
              </>
            ) : service === 'zalo' ? (
              <>
                <PasswordField label={t('forwarding.zaloToken')} value={values.accesstoken} onChange={(e) => set('accesstoken', e.target.value)} autoComplete="off" placeholder={masked('accesstoken')} helperText={errorFor('accesstoken') ?? (masked('accesstoken') ? t('forwarding.keepSecret') : t('forwarding.zaloTokenHelp'))} error={!!errorFor('accesstoken')} fullWidth />
                <TextField label={t('forwarding.zaloUsers')} value={values.nguoinhan} onChange={(e) => set('nguoinhan', e.target.value)} helperText={errorFor('nguoinhan') ?? t('forwarding.zaloUsersHelp')} error={!!errorFor('nguoinhan')} fullWidth />
              </>
            ) : (
              <>
                <TextField label={t('forwarding.url')} type="url" value={values.url} onChange={(e) => set('url', e.target.value)} placeholder="https://example.vn/loa-webhook" helperText={errorFor('url')} error={!!errorFor('url')} fullWidth />
                <PasswordField label={t('forwarding.secret')} value={values.bimat} onChange={(e) => set('bimat', e.target.value)} autoComplete="off" placeholder={masked('bimat')} helperText={masked('bimat') ? t('forwarding.keepSecret') : t('forwarding.secretHelp')} fullWidth />
              </>
            )}
            </Stack>
            {fieldError && !fieldError.field && <Alert severity="error">{tMessage(fieldError.message)}</Alert>}
            {!readOnly && (
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" disabled={busy}>{t('forwarding.save')}</Button>
                <Button startIcon={<SendIcon />} disabled={busy || !stored} onClick={() => void sendTest()}>{t('forwarding.test')}</Button>
              </Stack>
            )}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
