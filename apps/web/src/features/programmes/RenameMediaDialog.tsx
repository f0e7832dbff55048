import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { MediaItem } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** Asks for a new name of a stored audio file. */
export function RenameMediaDialog({ item, onCancel, onRename }: { item: MediaItem; onCancel: () => void; onRename: (name: string) => void }) {
  const { t } = useT();
  const [name, setName] = useState(item.ten);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="rename-media-title">
      <DialogTitle id="rename-media-title">{t('media.renameTitle')}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth label={t('media.newName')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }} sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!name.trim() || name.trim() === item.ten} onClick={() => onRename(name.trim())}>{t('media.rename')}</Button>
      </DialogActions>
    </Dialog>
  );
}
