import { UAParser } from 'ua-parser-js';

/** A readable login-device name from the browser's user agent, e.g. "Chrome 140 trên Linux". */
export function deviceNameFromUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'Thiết bị không xác định';
  const { browser, os, device } = UAParser(userAgent);
  const browserName = [browser.name, browser.major].filter(Boolean).join(' ');
  const osName = [device.vendor, device.model, os.name, os.version].filter(Boolean).join(' ');
  if (!browserName && !osName) return userAgent.slice(0, 60);
  return osName ? `${browserName || 'Trình duyệt'} trên ${osName}` : browserName;
}
