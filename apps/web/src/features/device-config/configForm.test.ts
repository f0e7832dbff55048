import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES } from '@loa/contract';
import { configFormFrom, configFormToBody } from './configForm';

describe('the configuration form', () => {
  it('starts an area from its own settings, ticked', () => {
    const values = configFormFrom({ cauhinh: { amluong: 45, giotinh: { tu: '21:00', den: '06:00' } } });
    expect(values.use).toEqual({ amluong: true, keepalive: false, kenhmacdinh: false, giotinh: true });
    expect(values).toMatchObject({ amluong: 45, quiet: true, tu: '21:00', den: '06:00' });
  });

  it('sends ticked settings as values and unticked ones as null, so they are inherited again', () => {
    const values = { ...configFormFrom({ cauhinh: { amluong: 45 } }), use: { amluong: true, keepalive: false, kenhmacdinh: true, giotinh: false }, kenhmacdinh: 'rtsp://dai.vn/kenh1' };
    expect(configFormToBody(values).config).toEqual({ amluong: 45, keepalive: null, kenhmacdinh: 'rtsp://dai.vn/kenh1', giotinh: null });
  });

  it('answers the contract’s messages for a bad channel and keep-alive', () => {
    const base = configFormFrom({ cauhinh: {} });
    const { errors, config } = configFormToBody({ ...base, use: { ...base.use, kenhmacdinh: true, keepalive: true }, kenhmacdinh: 'khong phai url', keepalive: '2' });
    expect(config).toBeUndefined();
    expect(errors).toEqual({ kenhmacdinh: DEVICE_MESSAGES.relayUrlInvalid, keepalive: DEVICE_MESSAGES.keepaliveRange });
  });
});
