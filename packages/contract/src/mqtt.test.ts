import { describe, expect, it } from 'vitest';
import { checkDeviceEvent, checkDeviceState, DEVICE_LIMITS } from './mqtt';

const now = Date.UTC(2026, 10, 27, 9);
const started = { type: 'started', sessionId: 's1', itemIndex: 0, title: 'Bản tin sáng', at: now };

describe('device message checks', () => {
  it('accepts what a speaker sends, an error text over several lines included', () => {
    expect(checkDeviceEvent(started, now).success).toBe(true);
    expect(checkDeviceEvent({ type: 'error', sessionId: 's1', message: 'ffmpeg:\n\tno such file\r\n', at: now - 3_600_000 }, now).success).toBe(true);
    expect(checkDeviceState({ online: true, firmware: 'loa-agent/1.4', ip: '10.0.0.9', ts: 0, playing: null }).success).toBe(true);
  });

  it('refuses an event dated outside the window around now, naming the field', () => {
    expect(checkDeviceEvent({ type: 'error', at: 1e16 }, now)).toEqual({ success: false, problem: expect.objectContaining({ field: 'at' }) });
    expect(checkDeviceEvent({ ...started, at: now + DEVICE_LIMITS.futureMs + 1 }, now)).toEqual({ success: false, problem: { field: 'at', reason: 'too far in the future' } });
    expect(checkDeviceEvent({ ...started, at: now - DEVICE_LIMITS.pastMs - 1 }, now)).toEqual({ success: false, problem: { field: 'at', reason: 'too far in the past' } });
  });

  it('refuses NUL, control characters and lone surrogates in every string, and item numbers past the history column', () => {
    expect(checkDeviceState({ online: true, firmware: 'v1\u0000' })).toEqual({ success: false, problem: { field: 'firmware', reason: 'control character' } });
    expect(checkDeviceState({ online: true, playing: { sessionId: 's', itemIndex: 0, position: 0, title: 'a\u001b[2J' } }).success).toBe(false);
    expect(checkDeviceEvent({ ...started, sessionId: 's\ud800' }, now).success).toBe(false);
    expect(checkDeviceEvent({ ...started, message: 'a\u0000' }, now).success).toBe(false);
    expect(checkDeviceEvent({ ...started, itemIndex: 2 ** 31 }, now).success).toBe(false);
    expect(checkDeviceState({ online: true, playing: { sessionId: 'x'.repeat(65), itemIndex: 0, position: 0 } }).success).toBe(false);
  });

  it('keeps a signal strength to a tenth, so the 4-byte column can hold it', () => {
    expect(checkDeviceState({ online: true, signal: 9.6e-123 })).toEqual({ success: true, data: { online: true, signal: 0 } });
    expect(checkDeviceState({ online: true, signal: 72.46 })).toEqual({ success: true, data: { online: true, signal: 72.5 } });
  });
});
