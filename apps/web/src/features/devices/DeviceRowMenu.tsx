import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import EditIcon from '@mui/icons-material/Edit';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import KeyIcon from '@mui/icons-material/Key';
import DeleteIcon from '@mui/icons-material/Delete';
import SettingsIcon from '@mui/icons-material/Settings';
import LinkIcon from '@mui/icons-material/Link';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useNavigate } from 'react-router';
import type { Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { MANAGING_ACTIONS, type DeviceAction } from './deviceActions';

type RowActionKind = Exclude<DeviceAction['kind'], 'add'>;
const ITEMS: { kind: RowActionKind | 'config'; labelId: MessageId; icon: SvgIconComponent }[] = [
  { kind: 'detail', labelId: 'devices.detail', icon: InfoOutlinedIcon },
  { kind: 'edit', labelId: 'devices.edit', icon: EditIcon },
  { kind: 'volume', labelId: 'devices.setVolume', icon: VolumeUpIcon },
  { kind: 'config', labelId: 'nav.deviceConfig', icon: SettingsIcon },
  { kind: 'reboot', labelId: 'devices.reboot', icon: RestartAltIcon },
  { kind: 'reset', labelId: 'devices.resetSecret', icon: KeyIcon },
  { kind: 'connections', labelId: 'devices.connectionHistory', icon: LinkIcon },
  { kind: 'plays', labelId: 'devices.playHistory', icon: HistoryIcon },
  { kind: 'delete', labelId: 'devices.delete', icon: DeleteIcon },
];

/** The actions of one row; those that change a device are left out without the right. */
export function DeviceRowMenu({ target, canManage, onAction, onClose }: {
  target: { device: Device; anchor: HTMLElement } | null;
  canManage: boolean;
  onAction: (action: DeviceAction) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const navigate = useNavigate();
  const items = ITEMS.filter((item) => canManage || (item.kind !== 'config' && !MANAGING_ACTIONS.has(item.kind)));
  const choose = (kind: RowActionKind | 'config') => {
    if (!target) return;
    onClose();
    if (kind === 'config') void navigate(`/cau-hinh-thiet-bi?id=${encodeURIComponent(target.device._id)}`);
    else onAction({ kind, device: target.device });
  };
  return (
    <Menu anchorEl={target?.anchor} open={!!target} onClose={onClose}>
      {items.map(({ kind, labelId, icon: Icon }) => (
        <MenuItem key={kind} onClick={() => choose(kind)} sx={kind === 'delete' ? { color: 'error.main' } : undefined}>
          <ListItemIcon><Icon fontSize="small" color={kind === 'delete' ? 'error' : undefined} /></ListItemIcon>
          <ListItemText>{t(labelId)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
