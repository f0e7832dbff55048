import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TableSortLabel, useMediaQuery, type Theme } from '@mui/material';
import type { Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { useNow } from '../../lib/useNow';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { DeviceRow, ROW_HEIGHT, type DeviceRowProps } from './DeviceRow';
import { CARD_HEIGHT, DeviceCard } from './DeviceCard';
import type { DeviceSort, DeviceSortKey } from './filterDevices';

const COLUMNS: { id: string; labelId: MessageId; sortKey?: DeviceSortKey; align?: 'right'; width?: number | string }[] = [
  { id: 'name', labelId: 'devices.name', sortKey: 'tenthietbi', width: '22%' },
  { id: 'area', labelId: 'devices.area', sortKey: 'diaban', width: '16%' },
  { id: 'volume', labelId: 'devices.volume', align: 'right', width: 90 },
  { id: 'signal', labelId: 'devices.signal', align: 'right', width: 80 },
  { id: 'firmware', labelId: 'devices.firmware', width: 110 },
  { id: 'ip', labelId: 'devices.ip', width: 130 },
  { id: 'clock', labelId: 'devices.clock', width: 110 },
  { id: 'plan', labelId: 'devices.planColumn', width: 150 },
  { id: 'lastSeen', labelId: 'devices.lastSeen', sortKey: 'lancuoi', width: 150 },
];

export interface DeviceTableProps {
  devices: Device[];
  sort: DeviceSort;
  onSortChange: (sort: DeviceSort) => void;
  onOpenMenu: DeviceRowProps['onOpenMenu'];
}

/**
 * The device table: only the rows in view are in the page, so 10,000 devices scroll smoothly. On a
 * phone it is a list of cards, each with its actions on screen (the table is 1,070 px wide).
 */
export function DeviceTable({ devices, sort, onSortChange, onOpenMenu }: DeviceTableProps) {
  const { t } = useT();
  const now = useNow();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler in this build; the virtualizer drives its own re-renders
  const virtualizer = useVirtualizer({
    count: devices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? CARD_HEIGHT : ROW_HEIGHT),
    overscan: 12,
    getItemKey: (index) => devices[index]?._id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const toggle = (key: DeviceSortKey) => onSortChange({ key, order: sort.key === key && sort.order === 'asc' ? 'desc' : 'asc' });

  if (phone) {
    return (
      <Box ref={scrollRef} sx={{ height: '65vh', minHeight: 320, overflowY: 'auto' }}>
        <Box role="list" aria-label={t('devices.tableLabel')} sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const device = devices[item.index];
            return device ? (
              <Box key={device._id} data-index={item.index} ref={virtualizer.measureElement} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} style={{ transform: `translateY(${item.start}px)` }}>
                <DeviceCard device={device} now={now} onOpenMenu={onOpenMenu} />
              </Box>
            ) : null;
          })}
        </Box>
      </Box>
    );
  }

  return (
    <TableContainer ref={scrollRef} sx={{ height: { xs: '65vh', md: 'calc(100vh - 330px)' }, minHeight: 320 }}>
      <Table stickyHeader size="small" aria-label={t('devices.tableLabel')} aria-rowcount={devices.length + 1} sx={{ tableLayout: 'fixed', minWidth: 1070 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.id} align={column.align} sx={{ width: column.width }} sortDirection={sort.key === column.sortKey ? sort.order : false}>
                {column.sortKey ? (
                  <TableSortLabel active={sort.key === column.sortKey} direction={sort.key === column.sortKey ? sort.order : 'asc'} onClick={() => toggle(column.sortKey!)}>
                    {t(column.labelId)}
                  </TableSortLabel>
                ) : t(column.labelId)}
              </TableCell>
            ))}
            <TableCell padding="checkbox" sx={{ width: 56 }}><Box component="span" sx={visuallyHidden}>{t('devices.actions')}</Box></TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {top > 0 && <TableRow aria-hidden style={{ height: top }} />}
          {items.map((item) => {
            const device = devices[item.index];
            return device ? <DeviceRow key={device._id} device={device} now={now} onOpenMenu={onOpenMenu} /> : null;
          })}
          {bottom > 0 && <TableRow aria-hidden style={{ height: bottom }} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
