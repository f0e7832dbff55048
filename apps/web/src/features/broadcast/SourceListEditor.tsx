import { Box, FormHelperText, Stack, Typography } from '@mui/material';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { MSG, formatDuration } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { SortableSourceItem } from './SortableSourceItem';
import type { SourceList } from './sources/sourceList';

export interface SourceListEditorProps {
  list: SourceList;
  onEdit: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** The message of a failed check on the sources (spec §5), shown under the list. */
  error?: string;
}

/** The broadcast's sources in play order: drag (pointer or keyboard) or the move buttons to reorder. */
export function SourceListEditor({ list, onEdit, onMove, error }: SourceListEditorProps) {
  const { t, tMessage } = useT();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = list.sources.map((s) => s.key);

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2">{t('broadcast.sources')}</Typography>
        <Typography variant="body2" color="text.secondary">
          <span data-testid="sources-count">{t('broadcast.sourceCount', { count: list.sources.length })}</span>
          {' · '}
          <span data-testid="sources-total">{t('broadcast.totalDuration', { duration: formatDuration(list.total) })}</span>
        </Typography>
      </Stack>
      {list.sources.length === 0 ? (
        <Typography color={error ? 'error' : 'text.secondary'} sx={{ py: 2, textAlign: 'center', border: 1, borderStyle: 'dashed', borderColor: error ? 'error.main' : 'divider', borderRadius: 1 }}>
          {tMessage(MSG.noSources)}
        </Typography>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
          <SortableContext items={keys} strategy={verticalListSortingStrategy}>
            <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('broadcast.sources')}>
              {list.sources.map((source, index) => (
                <SortableSourceItem
                  key={source.key}
                  source={source}
                  index={index}
                  last={index === list.sources.length - 1}
                  onEdit={() => onEdit(index)}
                  onMove={(to) => onMove(index, to)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      )}
      {/* The empty list says it already ('Chưa có nguồn phát nào!', in the error colour). */}
      {error && !(list.sources.length === 0 && error === MSG.noSources) && <FormHelperText error>{tMessage(error)}</FormHelperText>}
    </Box>
  );
}
