import { useState, type FormEvent } from 'react';
import { Box, Button, Chip, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { CapFeed } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage, isRefusal } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { addCapFeed, CAP_FEEDS_PATH, pollCapFeed, removeCapFeed } from './api';
import { IntegrationSection } from './IntegrationSection';
import { useLoaded } from './useLoaded';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/** CAP feeds (Atom, RSS or CAP addresses) polled for alerts: their last poll and error; add, poll now, remove. */
export function CapFeedsSection() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { data: items, error, retry, reload } = useLoaded<CapFeed[]>(CAP_FEEDS_PATH);
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<CapFeed | null>(null);
  // The server's refusal of the address (not http(s), not allowed, already there) beside the field, as well as in the snackbar.
  const [urlError, setUrlError] = useState<string | null>(null);

  /** Runs an action; answers null when it succeeded, else the error it failed with (already in the snackbar). */
  const run = async (action: () => Promise<unknown>, done: string): Promise<unknown> => {
    setBusy(true);
    try {
      await action();
      notify.success(done);
      reload();
      return null;
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
      return caught ?? new Error();
    } finally {
      setBusy(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const failed = await run(() => addCapFeed(url.trim()), t('capFeeds.added'));
    if (!failed) setUrl('');
    setUrlError(isRefusal(failed) ? errorMessage(failed) : null);
  };

  return (
    <IntegrationSection id="cap-feeds" title={t('capFeeds.title')} intro={t('capFeeds.intro')}>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={(event) => void add(event)} noValidate>
        <TextField size="small" label={t('capFeeds.url')} placeholder="https://…/cap.atom" value={url} onChange={(e) => {
          setUrl(e.target.value);
          setUrlError(null);
        }} error={!!urlError} helperText={urlError && tMessage(urlError)} sx={{ flex: 1 }} />
        <Button type="submit" variant="contained" disabled={busy || !url.trim()}>{t('capFeeds.add')}</Button>
      </Stack>
      <QueryErrorAlert error={error} onRetry={retry} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items?.length === 0 && <Box sx={{ py: 2, textAlign: 'center' }}><Typography color="text.secondary">{t('capFeeds.none')}</Typography></Box>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('capFeeds.title')} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('capFeeds.url')}</TableCell>
                <TableCell>{t('capFeeds.lastPoll')}</TableCell>
                <TableCell>{t('capFeeds.alerts')}</TableCell>
                <TableCell>{t('accounts.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((feed) => (
                <TableRow key={feed._id} data-testid="cap-feed-row">
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {feed.url}
                    {feed.cauhinh && <Chip size="small" variant="outlined" label={t('capFeeds.fromConfig')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{feed.lanlaycuoi ? formatTimestamp(feed.lanlaycuoi) : t('capFeeds.never')}</TableCell>
                  <TableCell>{feed.socanhbao}</TableCell>
                  <TableCell>
                    {feed.loi ? <Typography variant="body2" color="error">{tMessage(feed.loi)}</Typography> : <Chip size="small" color={feed.lanthanhcongcuoi ? 'success' : 'default'} label={feed.lanthanhcongcuoi ? t('capFeeds.ok') : t('capFeeds.never')} />}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('capFeeds.pollNow')}>
                      <span><IconButton aria-label={t('capFeeds.pollNow')} disabled={busy} onClick={() => void run(() => pollCapFeed(feed._id), t('capFeeds.polled'))}><RefreshIcon /></IconButton></span>
                    </Tooltip>
                    {!feed.cauhinh && (
                      <Tooltip title={t('capFeeds.remove')}>
                        <IconButton aria-label={t('capFeeds.remove')} onClick={() => setRemoving(feed)}><DeleteIcon /></IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={!!removing}
        title={t('capFeeds.remove')}
        text={t('capFeeds.confirmRemove', { url: removing?.url ?? '' })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const feed = removing!;
          setRemoving(null);
          void run(() => removeCapFeed(feed._id), t('capFeeds.removed'));
        }}
      />
    </IntegrationSection>
  );
}
