import type { ReactNode } from 'react';
import { IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import EventIcon from '@mui/icons-material/Event';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDuration, MESSAGE_TYPES, type Programme } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { sourceTitle } from '../broadcast/sources/sourceSummary';
import { draftsFromStored } from '../broadcast/sources/storedSources';
import { formatShortDateTime } from '../../lib/formatTimestamp';

export type ProgrammeAction = 'playNow' | 'schedule' | 'edit' | 'delete';

const COLUMNS: MessageId[] = ['programmes.col.name', 'programmes.col.type', 'programmes.col.duration', 'programmes.col.sources', 'programmes.col.creator', 'programmes.col.updated'];


/** The programme library: name, message type, total duration, sources, creator, last change, and its actions. */
export function ProgrammeTable({ programmes, canWrite, onAction }: { programmes: Programme[]; canWrite: boolean; onAction: (action: ProgrammeAction, programme: Programme) => void }) {
  const { t, locale } = useT();
  const typeName = (id: number) => {
    const type = MESSAGE_TYPES.find((m) => m.id === id);
    return type ? (locale === 'vi' ? type.ten : type.en) : '—';
  };
  const button = (action: ProgrammeAction, label: MessageId, icon: ReactNode, programme: Programme, color?: 'error' | 'primary') => (
    <Tooltip title={t(label)}>
      <IconButton aria-label={t(label)} color={color} onClick={() => onAction(action, programme)}>{icon}</IconButton>
    </Tooltip>
  );
  return (
    <TableContainer>
      <Table size="small" aria-label={t('programmes.tabProgrammes')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((id) => <TableCell key={id}>{t(id)}</TableCell>)}
            <TableCell align="right">{t('programmes.col.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {programmes.map((p) => (
            <TableRow key={p._id} hover data-testid="programme-row" data-id={p._id}>
              <TableCell><Typography variant="body2" sx={{ fontWeight: 600 }}>{p.ten}</Typography></TableCell>
              <TableCell>{typeName(p.loaibantin)}</TableCell>
              <TableCell>{formatDuration(p.thoiluong)}</TableCell>
              <TableCell sx={{ maxWidth: 260 }}>
                <Typography variant="body2" noWrap title={draftsFromStored(p.nguonphat).map(sourceTitle).join(' · ')}>
                  {draftsFromStored(p.nguonphat).map(sourceTitle).join(' · ')}
                </Typography>
              </TableCell>
              <TableCell>{p.nguoitao.hoten}</TableCell>
              <TableCell>{formatShortDateTime(p.ngaysua)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {canWrite && button('playNow', 'programmes.playNow', <PlayArrowIcon />, p, 'error')}
                {canWrite && button('schedule', 'programmes.schedule', <EventIcon />, p, 'primary')}
                {canWrite && button('edit', 'programmes.edit', <EditIcon />, p)}
                {canWrite && button('delete', 'programmes.delete', <DeleteIcon />, p)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
