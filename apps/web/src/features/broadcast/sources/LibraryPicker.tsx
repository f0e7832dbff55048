import { useState } from 'react';
import {
  Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItemButton, ListItemText, TextField, Typography,
} from '@mui/material';
import { formatDuration, type MediaItem } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/vi';
import { useMedia } from '../../programmes/useMedia';
import { QueryErrorAlert } from '../../../lib/query/QueryErrorAlert';
import type { DraftFile } from '../types';
import { mediaUrl } from './storedSources';

/** A library file as a file of a FILE source: stored already (no blob), named by its library name. */
export const libraryFile = (item: MediaItem): DraftFile => ({ fileName: item.ten, url: item.key, duration: item.thoiluong, thoigianbatdau: 0, song: mediaUrl(item.url || item.key) });

/**
 * "Chọn từ thư viện": the caller's media library (uploads, speech, recordings; the server keeps it to
 * the caller's area scope), searchable; choosing one adds the stored file without uploading it again.
 */
export function LibraryPicker({ chosen, onPick, onClose }: { chosen: ReadonlySet<string>; onPick: (file: DraftFile) => void; onClose: () => void }) {
  const { t } = useT();
  const [query, setQuery] = useState('');
  const { items, error, retry } = useMedia(query);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="library-picker-title">
      <DialogTitle id="library-picker-title">{t('source.fromLibrary')}</DialogTitle>
      <DialogContent dividers>
        <TextField size="small" fullWidth autoFocus label={t('media.search')} value={query} onChange={(e) => setQuery(e.target.value)} sx={{ mb: 1 }} />
        <QueryErrorAlert error={error} onRetry={retry} />
        {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {items && items.length === 0 && (
          <Box sx={{ py: 4, textAlign: 'center' }}><Typography color="text.secondary">{t(query.trim() ? 'source.libraryNoMatch' : 'media.empty')}</Typography></Box>
        )}
        {items && items.length > 0 && (
          <List dense aria-label={t('source.libraryFiles')}>
            {items.map((item) => {
              const taken = chosen.has(item.key);
              return (
                <ListItemButton key={item.key} data-testid="library-file" disabled={taken} onClick={() => onPick(libraryFile(item))}>
                  <ListItemText primary={item.ten} secondary={taken ? `${formatDuration(item.thoiluong)} · ${t('source.libraryChosen')}` : formatDuration(item.thoiluong)} />
                  <Chip size="small" variant="outlined" label={t(`media.kind.${item.loai}` as MessageId)} sx={{ ml: 1 }} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('source.exit')}</Button>
      </DialogActions>
    </Dialog>
  );
}
