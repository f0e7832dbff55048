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

  it('says in Vietnamese which variable is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/Cấu hình không hợp lệ: PORT/);
  });
});
