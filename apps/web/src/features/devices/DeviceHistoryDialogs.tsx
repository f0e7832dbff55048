import { useCallback } from 'react';
import { Chip } from '@mui/material';
import { CONNECTION_REASON_LABELS, labelOf, type ConnectionHistory, type Device, type PlayHistory } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { connectionHistoryPath, playHistoryPath } from './api';
import { formatDateTime } from './formatLastSeen';
import { HistoryDialog } from './HistoryDialog';

type ConnectionItem = ConnectionHistory['items'][number];
type PlayItem = PlayHistory['items'][number];

/** Connection history of one device: connected, lost, or silent too long. */
export function ConnectionHistoryDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t, locale } = useT();
  const pagePath = useCallback((page: number, limit: number) => connectionHistoryPath(device._id, page, limit), [device._id]);
  return (
    <HistoryDialog<ConnectionItem>
      title={t('devices.connectionHistoryTitle', { name: device.tenthietbi })}
      pagePath={pagePath}
      onClose={onClose}
      columns={[
        { label: t('devices.time'), render: (item) => formatDateTime(item.thoigian) },
        { label: t('devices.event'), render: (item) => <Chip size="small" color={item.online ? 'success' : 'default'} label={item.online ? t('devices.status.online') : t('devices.status.offline')} /> },
        { label: t('devices.reason'), render: (item) => labelOf(CONNECTION_REASON_LABELS, item.lydo, locale) },
        { label: t('devices.ip'), render: (item) => item.ip ?? '—' },
      ]}
    />
  );
}

/** Play history of one device: which bulletin, which item (its readable name), started, finished or failed and why. */
export function PlayHistoryDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t, tMessage, locale } = useT();
  const pagePath = useCallback((page: number, limit: number) => playHistoryPath(device._id, page, limit), [device._id]);
  const colors = { started: 'primary', finished: 'success', error: 'error', gap: 'warning' } as const;
  return (
    <HistoryDialog<PlayItem>
      title={t('devices.playHistoryTitle', { name: device.tenthietbi })}
      pagePath={pagePath}
      onClose={onClose}
      columns={[
        { label: t('devices.time'), render: (item) => formatDateTime(item.thoigian) },
        { label: t('devices.event'), render: (item) => <Chip size="small" color={colors[item.sukien]} label={t(`devices.playEvent.${item.sukien}`)} /> },
        { label: t('devices.bulletin'), render: (item) => item.tieude ?? '—' },
        { label: t('devices.source'), render: (item) => (item.tenmuc ? `${item.thutu === null ? '' : `${item.thutu + 1}. `}${item.tenmuc}` : '—') },
        // The server's reason in the console's language (never the agent's code); the speaker's own words only where it has none.
        { label: t('devices.reason'), render: (item) => (item.lydo ? tMessage(item.lydo) : locale === 'vi' ? '' : item.loi ?? '') },
      ]}
    />
  );
}
