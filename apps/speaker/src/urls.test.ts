import { describe, expect, it } from 'vitest';
import { mqttUrlFromServer } from './urls';

describe('mqttUrlFromServer', () => {
  it('turns http into ws and https into wss on the /mqtt path', () => {
    expect(mqttUrlFromServer('http://localhost:8080')).toBe('ws://localhost:8080/mqtt');
    expect(mqttUrlFromServer('https://loa.example.vn/')).toBe('wss://loa.example.vn/mqtt');
  });

  it('keeps a path prefix', () => {
    expect(mqttUrlFromServer('https://example.vn/loa/')).toBe('wss://example.vn/loa/mqtt');
  });

  it('refuses a non-HTTP server URL', () => {
    expect(() => mqttUrlFromServer('ftp://x')).toThrow(/http/);
  });
});
