import { useState } from 'react';
import { Box, Chip, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDuration, type MediaItem } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { errorMessage } from '../../lib/apiClient';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { mediaUrl } from '../broadcast/sources/storedSources';
import { deleteMedia, renameMedia } from './api';
import { RenameMediaDialog } from './RenameMediaDialog';
import { useMedia } from './useMedia';

const COLUMNS: MessageId[] = ['media.col.name', 'media.col.kind', 'media.col.duration', 'media.col.size', 'media.col.used', 'media.col.listen'];

/** Bytes as KB or MB. */
export const formatBytes = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** Stored audio (uploads, speech, recordings): search, listen, rename, delete when nothing uses it. */
export function MediaLibrary({ canWrite }: { canWrite: boolean }) {
  const { t } = useT();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const { items, error, reload, retry } = useMedia(query);
  const [renaming, setRenaming] = useState<MediaItem | null>(null);
  const [deleting, setDeleting] = useState<MediaItem | null>(null);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
      reload();
    } catch (caught) {
      notify.error(errorMessage(caught));
    }
  };

  return (
    <Stack spacing={2}>
      <TextField size="small" label={t('media.search')} value={query} onChange={(e) => setQuery(e.target.value)} sx={{ maxWidth: 420 }} />
      <QueryErrorAlert error={error} onRetry={retry} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items && items.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('media.empty')}</Typography></Box>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('programmes.tabMedia')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((id) => <TableCell key={id}>{t(id)}</TableCell>)}
                <TableCell align="right">{t('media.col.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.key} data-testid="media-row" data-key={item.key} hover>
                  <TableCell sx={{ maxWidth: 280, wordBreak: 'break-word' }}>{item.ten}</TableCell>
                  <TableCell><Chip size="small" variant="outlined" label={t(`media.kind.${item.loai}` as MessageId)} /></TableCell>
                  <TableCell>{formatDuration(item.thoiluong)}</TableCell>
                  <TableCell>{formatBytes(item.dungluong)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={item.sudung > 0 ? 'primary' : 'default'} label={t('media.usedTimes', { count: item.sudung })} data-testid="media-used" />
                  </TableCell>
                  <TableCell>
                    <audio controls preload="none" src={mediaUrl(item.url)} aria-label={t('media.listen', { name: item.ten })} style={{ height: 32, maxWidth: 240 }} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {canWrite && (
                      <Tooltip title={t('media.rename')}>
                        <IconButton aria-label={t('media.rename')} onClick={() => setRenaming(item)}><EditIcon /></IconButton>
                      </Tooltip>
                    )}
                    {canWrite && (
                      <Tooltip title={item.sudung > 0 ? t('media.deleteInUse', { count: item.sudung }) : t('media.delete')}>
                        <span>
                          <IconButton aria-label={t('media.delete')} disabled={item.sudung > 0} onClick={() => setDeleting(item)}><DeleteIcon /></IconButton>
                        </span>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {renaming && (
        <RenameMediaDialog
          item={renaming}
          onCancel={() => setRenaming(null)}
          onRename={(name) => {
            const target = renaming;
            setRenaming(null);
            void run(() => renameMedia(target.key, name), t('media.renamed'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('media.deleteTitle')}
        text={t('media.deleteText', { name: deleting?.ten ?? '' })}
        confirmLabel={t('media.delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void run(() => deleteMedia(target.key), t('media.deleted'));
        }}
      />
    </Stack>
  );
}
