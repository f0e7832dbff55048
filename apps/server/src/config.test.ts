import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, MQTT_PORT: 1883, ADMIN_USER: 'admin', DEMO: false });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and numbers from the environment', () => {
    expect(loadConfig({ DEMO: '1', PORT: '0' })).toMatchObject({ DEMO: true, PORT: 0 });
  });

  it('wants the broker administrator in MQTT_URL when Loa keeps device accounts on Mosquitto', () => {
    expect(() => loadConfig({ MQTT_DYNSEC: '1' })).toThrow(/MQTT_DYNSEC cần MQTT_URL/);
    expect(() => loadConfig({ MQTT_DYNSEC: '1', MQTT_URL: 'mqtt://127.0.0.1:1883' })).toThrow(/MQTT_DYNSEC cần MQTT_URL/);
    expect(loadConfig({ MQTT_DYNSEC: '1', MQTT_URL: 'mqtt://loa:pw@127.0.0.1:1883' })).toMatchObject({ MQTT_DYNSEC: true });
  });

  it('allows only public outbound hosts unless OUTBOUND_ALLOW_HOSTS lists some, and refuses a list it cannot read', () => {
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toBe('');
    expect(loadConfig({ OUTBOUND_ALLOW_HOSTS: 'radio.lan, *.xa.lan, 192.168.1.20, 10.0.0.0/8, fd00::/8' }).OUTBOUND_ALLOW_HOSTS).toContain('radio.lan');
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://radio.lan/' })).toThrow(/Cấu hình không hợp lệ: OUTBOUND_ALLOW_HOSTS/);
  });

  it('exchanges with a province only when HTTT_NGUON_URL is an http(s) address', () => {
    expect(loadConfig({}).HTTT_NGUON_URL).toBeUndefined();
    expect(loadConfig({ HTTT_NGUON_URL: 'https://httt.quangtri.gov.vn/api', HTTT_NGUON_KHOA: 'k' })).toMatchObject({ HTTT_NGUON_MA: 'loa', HTTT_NGUON_RETRY_BASE_MS: 5000, HTTT_NGUON_RETRY_MAX_MS: 300_000 });
    expect(() => loadConfig({ HTTT_NGUON_URL: 'ftp://httt.gov.vn' })).toThrow('Cấu hình không hợp lệ: HTTT_NGUON_URL: phải là địa chỉ http:// hoặc https://');
  });

  it('opens the caching tier\'s check listener only when MEDIA_CHECK_PORT is set, on loopback unless told otherwise', () => {
    expect(loadConfig({}).MEDIA_CHECK_PORT).toBeUndefined();
    expect(loadConfig({ MEDIA_CHECK_PORT: '' }).MEDIA_CHECK_PORT).toBeUndefined();
    expect(loadConfig({ MEDIA_CHECK_PORT: '3001' })).toMatchObject({ MEDIA_CHECK_PORT: 3001, MEDIA_CHECK_HOST: '127.0.0.1' });
    expect(() => loadConfig({ MEDIA_CHECK_PORT: '70000' })).toThrow(/Cấu hình không hợp lệ: MEDIA_CHECK_PORT/);
  });

  it('says in Vietnamese which variable is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Cấu hình không hợp lệ: PORT/);
  });
});
