import { useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import ReplayIcon from '@mui/icons-material/Replay';
import { formatLoginActivity, type ProvinceConnector } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import type { MessageId } from '../../i18n/vi';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { PROVINCE_CONNECTOR_PATH, resyncProvince, retryProvinceMessages } from './provinceApi';
import { useLoaded } from './useLoaded';
import { IntegrationSection } from './IntegrationSection';
import { ProvinceOutboxTable } from './ProvinceOutboxTable';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/province.vi';

/** How often the state is read again while the page is open. */
const REFRESH_MS = 10_000;
const STATE_COLORS = { ketnoi: 'success', loi: 'error', chuaketnoi: 'default', tat: 'default' } as const;
const when = (ms: number | null) => (ms === null ? null : formatLoginActivity(ms / 1000));

/** The province exchange: whether it gets through, its queue (waiting, refused, last error), retry now and a full push. */
export function ProvinceConnectorSection() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { data: state, error, reload: load, retry: refetch } = useLoaded<ProvinceConnector>(PROVINCE_CONNECTOR_PATH, REFRESH_MS);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      notify.success(await work());
      load();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const retry = (id?: string) => void act(async () => t('province.retried', { n: String((await retryProvinceMessages(id)).soluong) }));
  const resync = () => {
    setConfirming(false);
    void act(async () => {
      const done = await resyncProvince();
      return t('province.resynced', { areas: String(done.sodiaban), devices: String(done.sothietbi) });
    });
  };

  const configured = state?.cauhinh === true;
  return (
    <IntegrationSection
      id="province"
      title={t('province.title')}
      intro={t('province.intro')}
      action={configured && (
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<SyncIcon />} disabled={busy} onClick={() => setConfirming(true)}>{t('province.resync')}</Button>
          <Button variant="contained" startIcon={<ReplayIcon />} disabled={busy || (state.socho + state.soloi === 0)} onClick={() => retry()}>{t('province.retryAll')}</Button>
        </Stack>
      )}
    >
      <QueryErrorAlert error={error} onRetry={refetch} />
      {!state && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {state && !configured && <Alert severity="info">{t('province.notConfigured')}</Alert>}
      {state && configured && (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} data-testid="province-state">
            <Box>
              <Chip color={STATE_COLORS[state.tinhtrang]} label={t(`province.state.${state.tinhtrang}` as MessageId)} />
              <Typography variant="body2" sx={{ mt: 1 }}>{t('province.address')}: <code>{state.diachi}</code></Typography>
              <Typography variant="body2">{t('province.systemCode')}: <code>{state.mahethong}</code></Typography>
            </Box>
            <Box>
              <Typography variant="body2">{t('province.lastSuccess')}: {when(state.lanthanhcongcuoi) ?? t('province.never')}</Typography>
              {state.tinhtrang === 'loi' && state.loicuoi && (
                <Alert severity="warning" sx={{ mt: 1 }}>{t('province.lastError')} ({when(state.lanloicuoi)}): {state.loicuoi}</Alert>
              )}
            </Box>
            <Stack direction="row" spacing={3}>
              <Counter label={t('province.waiting')} value={state.socho} />
              <Counter label={t('province.refused')} value={state.soloi} />
              <Counter label={t('province.sentDay')} value={state.sodagui24h} />
            </Stack>
          </Stack>
          {state.chocunhat !== null && <Typography variant="body2" color="text.secondary">{t('province.oldestWaiting')}: {when(state.chocunhat)}</Typography>}
          <Typography variant="subtitle1" component="h3">{t('province.queue')}</Typography>
          {state.thongdiep.length === 0
            ? <Typography color="text.secondary">{t('province.queueEmpty')}</Typography>
            : <ProvinceOutboxTable items={state.thongdiep} busy={busy} onRetry={(id) => retry(id)} />}
        </>
      )}
      <ConfirmDialog open={confirming} title={t('province.resync')} text={t('province.confirmResync')} confirmLabel={t('province.resync')} onCancel={() => setConfirming(false)} onConfirm={resync} />
    </IntegrationSection>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Typography variant="h5" component="p">{value.toLocaleString('vi-VN')}</Typography>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
    </Box>
  );
}
