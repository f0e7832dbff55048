import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withDeviceProof, withoutQuery } from './mediaProof';

const server = 'http://127.0.0.1:8080';
const hmac = (secret: string, text: string) => crypto.createHmac('sha256', crypto.createHash('sha256').update(secret).digest('hex')).update(text).digest('base64url');

describe('audio addresses a speaker asks for', () => {
  it('signs the token of a signed address with the sha256 of its secret, never sending the secret', () => {
    const url = new URL(withDeviceProof(`${server}/media/audio/123-ab-tin.mp3?t=abc.def`, server, 'loa-1', 'bi-mat'));
    expect(url.searchParams.get('t')).toBe('abc.def');
    expect(url.searchParams.get('d')).toBe('loa-1');
    expect(url.searchParams.get('p')).toBe(hmac('bi-mat', 'abc.def'));
    expect(url.toString()).not.toContain('bi-mat');
  });

  it('signs the key of a plain address (a file of its plan)', () => {
    const url = new URL(withDeviceProof(`${server}/media/tts/1-ab-gi%E1%BB%8Dng.mp3`, server, 'loa-1', 'bi-mat'));
    expect(url.searchParams.get('p')).toBe(hmac('bi-mat', 'tts/1-ab-giọng.mp3'));
  });

  it('leaves other hosts, relays and live voice as they are', () => {
    for (const url of [`http://radio.example/stream.mp3`, `${server}/media/live/abc.mp3?t=x`, `${server}/v1/health`, 'not a url']) {
      expect(withDeviceProof(url, server, 'loa-1', 'bi-mat')).toBe(url);
    }
    expect(withDeviceProof(`${server}/media/audio/a.mp3`, undefined, 'loa-1', 'bi-mat')).toBe(`${server}/media/audio/a.mp3`);
  });

  it('compares a signed address with the plan\'s plain one by path', () => {
    expect(withoutQuery('/media/audio/a.mp3?t=x&d=y')).toBe('/media/audio/a.mp3');
  });
});
