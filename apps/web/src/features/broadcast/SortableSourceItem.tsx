import { Box, IconButton, Paper, Stack, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import EditIcon from '@mui/icons-material/Edit';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatDuration } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { KIND_LABEL, sourceDurationText, sourceTitle } from './sources/sourceSummary';
import type { LaidSource } from './sources/sourceList';

export interface SortableSourceItemProps {
  source: LaidSource;
  index: number;
  last: boolean;
  onEdit: () => void;
  onMove: (to: number) => void;
}

/** One source card: order, kind, content, duration and its place in the timeline. */
export function SortableSourceItem({ source, index, last, onEdit, onMove }: SortableSourceItemProps) {
  const { t } = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: source.key });
  const title = sourceTitle(source);
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      data-testid="source-item"
      data-kind={source.kieunguon}
      data-start={source.liveThoigian.batdau}
      data-end={source.liveThoigian.ketthuc}
      sx={{ p: 1, transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton size="small" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={t('broadcast.dragSource', { n: source.thutu })} sx={{ cursor: 'grab', touchAction: 'none' }}>
          <DragIndicatorIcon fontSize="small" />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {source.thutu}. {t(KIND_LABEL[source.kieunguon])}
          </Typography>
          <Typography variant="body2" noWrap title={title}>{title}</Typography>
          <Typography variant="caption" color="text.secondary">
            {sourceDurationText(source)} ({formatDuration(source.liveThoigian.batdau)} – {formatDuration(source.liveThoigian.ketthuc)})
          </Typography>
        </Box>
        <IconButton size="small" aria-label={t('broadcast.moveUpN', { n: source.thutu })} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('broadcast.moveDownN', { n: source.thutu })} disabled={last} onClick={() => onMove(index + 1)}>
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton size="small" aria-label={t('broadcast.editSourceN', { n: source.thutu })} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}
