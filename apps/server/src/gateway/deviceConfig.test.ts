import { describe, expect, it } from 'vitest';
import { applyConfigPatch, effectiveConfig, withinQuietHours } from './deviceConfig';

describe('effectiveConfig', () => {
  it('takes defaults, then areas from the root down, then the device', () => {
    const chain = [{ id: 'huyen', config: { amluong: 50, giotinh: { tu: '22:00', den: '05:00' } } }, { id: 'xa', config: { amluong: 60, kenhmacdinh: 'http://vov.vn/live' } }];
    expect(effectiveConfig(chain, { keepalive: 15 })).toEqual({
      areas: ['huyen', 'xa'], reportInterval: 20, keepalive: 15, volume: 60, defaultRelayUrl: 'http://vov.vn/live', quietHours: { from: '22:00', to: '05:00' },
    });
    expect(effectiveConfig([], {})).toMatchObject({ volume: 70, keepalive: 30, defaultRelayUrl: null, quietHours: null });
    expect(effectiveConfig(chain, { kenhmacdinh: '' }).defaultRelayUrl).toBeNull();
  });
});

describe('applyConfigPatch', () => {
  it('sets values and removes the ones patched with null', () => {
    expect(applyConfigPatch({ amluong: 40, keepalive: 20 }, { amluong: null, kenhmacdinh: 'http://x/y', keepalive: undefined })).toEqual({ keepalive: 20, kenhmacdinh: 'http://x/y' });
  });
});

describe('withinQuietHours', () => {
  const at = (hhmm: string) => Date.parse(`2026-11-22T${hhmm}:00+07:00`);
  it('handles hours that cross midnight, in Vietnam time', () => {
    const night = { from: '22:00', to: '05:00' };
    expect(withinQuietHours(night, at('23:30'))).toBe(true);
    expect(withinQuietHours(night, at('04:59'))).toBe(true);
    expect(withinQuietHours(night, at('05:00'))).toBe(false);
    expect(withinQuietHours(night, at('12:00'))).toBe(false);
    expect(withinQuietHours({ from: '12:00', to: '13:30' }, at('12:45'))).toBe(true);
  });
});
