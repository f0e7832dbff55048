import { useState } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Link, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '../../lib/copyText';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { fetchOutboxMessage, OUTBOX_PATH, type OutboxItem, type OutboxMessage } from './api';

/** Mail the server wrote to disk because no SMTP server is set: invitations and verification links to pass on by hand. */
/** A mail's text with each web address as a link that opens, and a button that copies it (an invitation is passed on by hand). */
export function MailBody({ text }: { text: string }) {
  const { t } = useT();
  const notify = useNotify();
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) => (index % 2 === 1 ? (
        <span key={index}>
          <Link href={part} target="_blank" rel="noopener noreferrer">{part}</Link>
          <IconButton size="small" aria-label={t('outbox.copyLink')} onClick={() => void copyText(part).then((done) => done && notify.success(t('accounts.copied')))}>
            <ContentCopyIcon fontSize="inherit" />
          </IconButton>
        </span>
      ) : part))}
    </>
  );
}

export function OutboxTab() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const outbox = useApiQuery<OutboxItem[]>(OUTBOX_PATH, { staleTime: STALE.lists });
  const items = outbox.data ?? null;
  const error = outbox.error;
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  const read = async (item: OutboxItem) => {
    try {
      setOpen(await fetchOutboxMessage(item._id));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    }
  };
  const download = (message: OutboxMessage) => {
    const url = URL.createObjectURL(new Blob([message.eml], { type: 'message/rfc822' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = message._id;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">{t('outbox.intro')}</Typography>
      <QueryErrorAlert error={error} onRetry={outbox.refetch} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items?.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('outbox.none')}</Typography></Box>}
      {items && items.length > 0 && (
        <List aria-label={t('outbox.title')}>
          {items.map((item) => (
            <ListItemButton key={item._id} divider onClick={() => void read(item)} data-testid="outbox-item">
              <ListItemText primary={item.tieude} secondary={`${item.nguoinhan} · ${formatTimestamp(item.thoigian)}`} />
            </ListItemButton>
          ))}
        </List>
      )}
      <Dialog open={!!open} onClose={() => setOpen(null)} aria-labelledby="outbox-message-title" maxWidth="md" fullWidth>
        <DialogTitle id="outbox-message-title">{open?.tieude}</DialogTitle>
        {open && (
          <DialogContent>
            <Typography variant="body2" color="text.secondary" gutterBottom>{t('outbox.to', { to: open.nguoinhan, at: formatTimestamp(open.thoigian) })}</Typography>
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', bgcolor: 'action.hover', p: 2, borderRadius: 1, fontFamily: 'inherit' }}><MailBody text={open.noidung} /></Box>
          </DialogContent>
        )}
        <DialogActions>
          {open && <Button onClick={() => download(open)}>{t('outbox.download')}</Button>}
          <Button variant="contained" onClick={() => setOpen(null)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
