import type { DeviceLive } from '@loa/contract';

export type DeviceClock = NonNullable<DeviceLive['dongho']>;

/**
 * How far the speaker's clock is from the server's, as officers read it: positive when the speaker's
 * clock is ahead ("+30,0 s"), in ms below a second ("−12 ms"). `lech` is what the device adds to its
 * clock (server − device), so the speaker is ahead by −lech.
 */
export function formatClockOffset(clock: DeviceClock, locale: string): string {
  const ahead = -clock.lech;
  const sign = ahead > 0 ? '+' : ahead < 0 ? '−' : '±';
  const size = Math.abs(ahead);
  if (size < 1000) return `${sign}${Math.round(size).toLocaleString(locale)} ms`;
  return `${sign}${(size / 1000).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
}

/** The colour of a clock's quality: green when good, amber when usable, red when it cannot be trusted. */
export function clockColor(clock: DeviceClock): 'success' | 'warning' | 'error' | 'disabled' {
  switch (clock.chatluong) {
    case 'tot': return 'success';
    case 'kem': return 'warning';
    case 'khongtincay': return 'error';
    default: return 'disabled';
  }
}
