import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SpeakerIcon from '@mui/icons-material/Speaker';
import EventNoteIcon from '@mui/icons-material/EventNote';
import MapIcon from '@mui/icons-material/Map';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import HistoryIcon from '@mui/icons-material/History';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import NotificationsIcon from '@mui/icons-material/Notifications';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HubIcon from '@mui/icons-material/Hub';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import type { RightValue } from '@loa/contract';
import type { MessageId } from '../../i18n/vi';

interface MenuBase {
  id: string;
  titleId: MessageId;
  icon: SvgIconComponent;
  /** Shown only to users holding this right. */
  right?: RightValue;
  /** Shown only to administrator accounts (besides the right). */
  adminOnly?: boolean;
}
/** A plain link. */
export interface MenuLink extends MenuBase {
  type: 'item';
  path: string;
}
/** A link showing a badge count (spec §2: the notification item shows 2). */
export interface MenuNotification extends MenuBase {
  type: 'notification';
  path: string;
  badge: number;
}
/** A collapsible group of items. */
export interface MenuGroup extends MenuBase {
  type: 'group';
  children: MenuNode[];
}
export type MenuNode = MenuLink | MenuNotification | MenuGroup;

/** The side menu of spec §2, in its order. */
export const MENU: MenuNode[] = [
  { type: 'item', id: 'overview', titleId: 'nav.overview', icon: DashboardIcon, path: '/tong-quan' },
  { type: 'item', id: 'devices', titleId: 'nav.devices', icon: SpeakerIcon, path: '/quan-ly-thiet-bi' },
  { type: 'item', id: 'schedules', titleId: 'nav.schedules', icon: EventNoteIcon, path: '/quan-ly-lich-phat' },
  { type: 'item', id: 'as-run', titleId: 'nav.asRun', icon: FactCheckIcon, path: '/nhat-ky-phat-song', right: 'themsuaxoalichphat' },
  { type: 'item', id: 'device-map', titleId: 'nav.deviceMap', icon: MapIcon, path: '/ban-do-thiet-bi' },
  { type: 'item', id: 'updates', titleId: 'nav.updates', icon: SystemUpdateAltIcon, path: '/cap-nhat-phan-mem', right: 'quanlythietbi' },
  { type: 'item', id: 'programmes', titleId: 'nav.programmes', icon: QueueMusicIcon, path: '/quan-ly-chuong-trinh' },
  { type: 'item', id: 'accounts', titleId: 'nav.accounts', icon: ManageAccountsIcon, path: '/quan-ly-tai-khoan', right: 'quanlytaikhoan' },
  { type: 'item', id: 'integrations', titleId: 'nav.integrations', icon: HubIcon, path: '/ket-noi', right: 'quanlytaikhoan', adminOnly: true },
  { type: 'item', id: 'system-log', titleId: 'nav.systemLog', icon: HistoryIcon, path: '/nhat-ky-he-thong', right: 'xemnhatky' },
  { type: 'item', id: 'guide', titleId: 'nav.guide', icon: MenuBookIcon, path: '/huong-dan' },
  { type: 'notification', id: 'notifications', titleId: 'nav.notifications', icon: NotificationsIcon, path: '/thong-bao', badge: 0 },
];

/** The menu a user sees: items needing a right they lack (or an administrator) are left out; notification items carry the live count. */
export function visibleMenu(nodes: readonly MenuNode[], rights: readonly string[], unread: number, isAdmin = false): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (node.right && !rights.includes(node.right)) return [];
    if (node.adminOnly && !isAdmin) return [];
    if (node.type === 'group') {
      const children = visibleMenu(node.children, rights, unread, isAdmin);
      return children.length > 0 ? [{ ...node, children }] : [];
    }
    return [node.type === 'notification' ? { ...node, badge: unread } : node];
  });
}

/** Whether a group holds the path somewhere below it. */
export function groupContains(node: MenuNode, pathname: string): boolean {
  if (node.type === 'group') return node.children.some((child) => groupContains(child, pathname));
  return pathname === node.path || pathname.startsWith(`${node.path}/`);
}
