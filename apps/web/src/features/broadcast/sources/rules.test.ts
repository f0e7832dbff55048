import { describe, expect, it } from 'vitest';
import { MSG, OUTBOUND_MESSAGES } from '@loa/contract';
import { relayError, relaySeconds } from './relayRules';
import { ttsCounter, ttsError, ttsSummary } from './ttsRules';
import { uniqueFileName } from './uniqueFileName';

describe('relay save (§5), in order', () => {
  const ok = { tenkenh: 'VOV1', url: 'http://stream/vov1', minutes: '5' };
  it('checks name, then path, then duration 0, then a wrong duration', () => {
    expect(relayError({ tenkenh: ' ', url: '', minutes: '' }, 'add')).toBe(MSG.relayNameEmpty);
    expect(relayError({ ...ok, url: '  ', minutes: '' }, 'add')).toBe(MSG.relayPathEmpty);
    expect(relayError({ ...ok, minutes: '' }, 'add')).toBe(MSG.relayDurationEmpty);
    expect(relayError({ ...ok, minutes: '0' }, 'add')).toBe(MSG.relayDurationEmpty);
    expect(relayError({ ...ok, minutes: '-2' }, 'add')).toBe(MSG.relayDurationInvalid);
    expect(relayError({ ...ok, minutes: '-2' }, 'edit')).toBe(MSG.relayDurationInvalid);
    expect(relayError(ok, 'add')).toBeNull();
  });
  it('refuses a path that is not an http(s) address (javascript:, file:, rtsp:…)', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'rtsp://radio/live', 'radio/vov1']) {
      expect(relayError({ ...ok, url }, 'add')).toBe(OUTBOUND_MESSAGES.relayUrlNotHttp);
    }
    expect(relayError({ ...ok, url: ' https://str.vov.gov.vn/vovlive/vov1.m3u8 ' }, 'add')).toBeNull();
  });
  it('refuses under one minute only when adding', () => {
    expect(relayError({ ...ok, minutes: '0.5' }, 'add')).toBe(MSG.relayDurationInvalid);
    expect(relayError({ ...ok, minutes: '0.5' }, 'edit')).toBeNull();
  });
  it('stores minutes × 60', () => {
    expect(relaySeconds('5')).toBe(300);
    expect(relaySeconds('0.5')).toBe(30);
  });
});

describe('text-to-speech (§5)', () => {
  it('checks too long, then too short, then the voice', () => {
    expect(ttsError('a'.repeat(3001), '')).toBe(MSG.ttsTooLong);
    expect(ttsError('ngắn', '')).toBe(MSG.ttsTooShort);
    expect(ttsError('Thông báo lịch tiêm phòng', '')).toBe(MSG.ttsNoVoice);
    expect(ttsError('Thông báo lịch tiêm phòng', 'banmaiace')).toBeNull();
    expect(ttsError('a'.repeat(3000), 'leminh')).toBeNull();
  });
  it("counts 'length / 3,000' with a thousands separator", () => {
    expect(ttsCounter('')).toBe('0 / 3,000');
    expect(ttsCounter('a'.repeat(1234))).toBe('1,234 / 3,000');
  });
  it('keeps the first 40 characters and an ellipsis', () => {
    expect(ttsSummary('x'.repeat(50))).toBe(`${'x'.repeat(40)}…`);
  });
});

describe('stored file name', () => {
  it('is the timestamp, a random hex string and the original name', () => {
    expect(uniqueFileName('bản tin.mp3', 1_763_700_000_000, new Uint8Array([0, 15, 255, 16]))).toBe('1763700000000000fff10bản tin.mp3');
    expect(uniqueFileName('a.mp3')).toMatch(/^\d{13}[0-9a-f]{16}a\.mp3$/);
  });
});
