import type { useT } from '../../i18n/useT';
import type { PendingBox } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

/** Where a box is: its GPS position where it reported one, else the address it enrolled from. */
export function boxLocation(box: PendingBox, t: ReturnType<typeof useT>['t']): string {
  const { gps, ip } = box.phancung;
  if (gps) return t('enrolment.pending.gps', { lat: gps.lat.toFixed(5), lng: gps.lng.toFixed(5) });
  if (ip) return t('enrolment.pending.ip', { ip });
  return t('enrolment.pending.noLocation');
}
