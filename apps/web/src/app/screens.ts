import { labelOf, SERVICE_LABELS } from '@loa/contract';
import type { MessageId } from '../i18n/vi';

/** A product route whose screen only says what it will manage (spec §2 leaves its content unshown). */
export interface ScreenMeta {
  path: string;
  titleId: MessageId;
  descriptionId: MessageId;
}

export const OVERVIEW_META = { path: '/tong-quan', titleId: 'nav.overview' } as const;

/** Product routes with their own screens (besides the overview), for breadcrumbs. */
export const FEATURE_SCREENS: { path: string; titleId: MessageId }[] = [
  { path: '/quan-ly-thiet-bi', titleId: 'nav.devices' },
  { path: '/ban-do-thiet-bi', titleId: 'nav.deviceMap' },
  { path: '/cau-hinh-thiet-bi', titleId: 'nav.deviceConfig' },
  { path: '/dang-ky-loa', titleId: 'nav.enrolment' },
  { path: '/quan-ly-dia-ban', titleId: 'nav.areas' },
  { path: '/quan-ly-tai-khoan', titleId: 'nav.accounts' },
  { path: '/nhat-ky-he-thong', titleId: 'nav.systemLog' },
  { path: '/huong-dan', titleId: 'nav.guide' },
  { path: '/thong-bao', titleId: 'nav.notifications' },
  { path: '/loi-moi', titleId: 'nav.invitations' },
  { path: '/quan-ly-lich-phat', titleId: 'nav.schedules' },
  { path: '/nhat-ky-phat-song', titleId: 'nav.asRun' },
  { path: '/quan-ly-chuong-trinh', titleId: 'nav.programmes' },
  { path: '/ket-noi', titleId: 'nav.integrations' },
  { path: '/cap-nhat-phan-mem', titleId: 'nav.updates' },
];

/** Product routes still shown as placeholders, in the order of spec §2. */
export const PLACEHOLDER_SCREENS: ScreenMeta[] = [
];

const NOTIFICATION_PREFIX = 'notification-';

/** The messaging service of a /notification-{service} path segment, or null. */
export function notificationService(segment: string | undefined): string | null {
  if (!segment?.startsWith(NOTIFICATION_PREFIX)) return null;
  const service = segment.slice(NOTIFICATION_PREFIX.length);
  return service.length > 0 ? service : null;
}

/** Title of the screen at a path, for breadcrumbs; null when unknown. */
export function titleForPath(pathname: string): { titleId: MessageId; params?: Record<string, string> } | null {
  if (pathname === OVERVIEW_META.path) return { titleId: OVERVIEW_META.titleId };
  const screen = FEATURE_SCREENS.find((s) => s.path === pathname) ?? PLACEHOLDER_SCREENS.find((s) => s.path === pathname);
  if (screen) return { titleId: screen.titleId };
  const service = notificationService(pathname.slice(1));
  // The service's name as people write it (Zalo OA, Telegram), never the path's lower-case code.
  return service ? { titleId: 'nav.notificationPage', params: { service: labelOf(SERVICE_LABELS, service) } } : null;
}
