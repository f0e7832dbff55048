import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES } from '@loa/contract';
import { EMPTY_DEVICE_FORM, validateDeviceForm } from './deviceForm';

const filled = { ...EMPTY_DEVICE_FORM, tenthietbi: ' Loa chợ ', diaban: 'xa-1', serial: 'SN-1' };

describe('validateDeviceForm', () => {
  it('names every missing required field with the contract message', () => {
    expect(validateDeviceForm(EMPTY_DEVICE_FORM)).toEqual({
      errors: { tenthietbi: DEVICE_MESSAGES.nameRequired, diaban: DEVICE_MESSAGES.areaRequired, serial: DEVICE_MESSAGES.serialRequired },
    });
  });

  it('refuses coordinates out of range or not numbers', () => {
    expect(validateDeviceForm({ ...filled, vido: '90.5', kinhdo: '-181' }).errors).toEqual({ vido: DEVICE_MESSAGES.latitudeRange, kinhdo: DEVICE_MESSAGES.longitudeRange });
    expect(validateDeviceForm({ ...filled, vido: '21.0abc', kinhdo: 'x' }).errors).toEqual({ vido: DEVICE_MESSAGES.latitudeRange, kinhdo: DEVICE_MESSAGES.longitudeRange });
  });

  it('builds the body: trimmed text, decimal commas accepted, empty coordinates as null', () => {
    expect(validateDeviceForm({ ...filled, vido: '16,75', kinhdo: '' }).body).toEqual({ tenthietbi: 'Loa chợ', diaban: 'xa-1', serial: 'SN-1', vido: 16.75, kinhdo: null, ghichu: '' });
  });
});
