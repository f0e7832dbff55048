import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useT } from '../../i18n/useT';
import { SourceDialog } from './sources/SourceDialog';
import { SourceListEditor } from './SourceListEditor';
import { addSource, moveSource, removeSource, replaceSource, type SourceList } from './sources/sourceList';

type SourceDialogState = { mode: 'add' } | { mode: 'edit'; index: number } | null;

/** The broadcast feature's source list and source dialogs, for a programme's or a schedule's own sources. */
export function SourcesField({ list, onChange, error }: { list: SourceList; onChange: (update: (list: SourceList) => SourceList) => void; error?: string }) {
  const { t } = useT();
  const [dialog, setDialog] = useState<SourceDialogState>(null);
  const editing = dialog?.mode === 'edit' ? list.sources[dialog.index] : undefined;
  return (
    <Stack spacing={1}>
      <SourceListEditor list={list} onEdit={(index) => setDialog({ mode: 'edit', index })} onMove={(from, to) => onChange((l) => moveSource(l, from, to))} error={error} />
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'add' })} sx={{ alignSelf: 'flex-start' }}>
        {t('broadcast.addSource')}
      </Button>
      {dialog && (
        <SourceDialog
          source={editing}
          onClose={() => setDialog(null)}
          onAdd={(source) => {
            onChange((l) => addSource(l, source));
            setDialog(null);
          }}
          onSave={(source) => {
            if (dialog.mode === 'edit') onChange((l) => replaceSource(l, dialog.index, source));
            setDialog(null);
          }}
          onDelete={() => {
            if (dialog.mode === 'edit') onChange((l) => removeSource(l, dialog.index));
            setDialog(null);
          }}
        />
      )}
    </Stack>
  );
}
