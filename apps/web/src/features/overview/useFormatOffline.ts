import { useT } from '../../i18n/useT';

/**
 * Seconds as "2 ngày 3 giờ", "3 giờ 20 phút" or "20 phút" (the two largest units); under a minute
 * "vừa mất kết nối" while it is still offline, else "40 giây" (never "0 phút").
 */
export function useFormatOffline(): (seconds: number, offlineNow?: boolean) => string {
  const { t } = useT();
  return (seconds, offlineNow = false) => {
    if (seconds < 60) return offlineNow ? t('overview.justOffline') : t('overview.seconds', { s: Math.max(1, Math.round(seconds)) });
    const minutes = Math.floor(seconds / 60);
    const d = Math.floor(minutes / 1440);
    const h = Math.floor((minutes % 1440) / 60);
    const m = minutes % 60;
    if (d > 0) return t('overview.daysHours', { d, h });
    if (h > 0) return t('overview.hoursMinutes', { h, m });
    return t('overview.minutes', { m });
  };
}
