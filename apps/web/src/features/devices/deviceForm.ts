import { DEVICE_MESSAGES, deviceCreateBodySchema, type Device, type DeviceCreateBody } from '@loa/contract';
import { errorBeside } from '../../lib/fieldErrors';

/** The add/edit form as typed: coordinates stay text until they are checked. */
export interface DeviceFormValues {
  tenthietbi: string;
  diaban: string;
  serial: string;
  vido: string;
  kinhdo: string;
  ghichu: string;
}
export type DeviceFormField = keyof DeviceFormValues;
export type DeviceFormErrors = Partial<Record<DeviceFormField, string>>;

export const EMPTY_DEVICE_FORM: DeviceFormValues = { tenthietbi: '', diaban: '', serial: '', vido: '', kinhdo: '', ghichu: '' };

/** The form's values for an existing device. */
export function deviceToForm(device: Device): DeviceFormValues {
  return {
    tenthietbi: device.tenthietbi,
    diaban: device.diaban._id,
    serial: device.serial,
    vido: device.vido === null ? '' : String(device.vido),
    kinhdo: device.kinhdo === null ? '' : String(device.kinhdo),
    ghichu: device.ghichu,
  };
}

/** Empty → null; anything that is not a plain decimal → NaN, which the schema's range check refuses. */
export function parseCoordinate(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Checks the form with the contract's own schema and messages; `body` is set only when it passes. */
export function validateDeviceForm(values: DeviceFormValues): { errors: DeviceFormErrors; body?: DeviceCreateBody } {
  const errors: DeviceFormErrors = {};
  const vido = parseCoordinate(values.vido);
  const kinhdo = parseCoordinate(values.kinhdo);
  if (Number.isNaN(vido)) errors.vido = DEVICE_MESSAGES.latitudeRange;
  if (Number.isNaN(kinhdo)) errors.kinhdo = DEVICE_MESSAGES.longitudeRange;
  const parsed = deviceCreateBodySchema.safeParse({ ...values, vido: Number.isNaN(vido) ? null : vido, kinhdo: Number.isNaN(kinhdo) ? null : kinhdo });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DeviceFormField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { errors, body: parsed.data };
}

/** The field a refusal of the server points at (a serial already used, an area gone or outside the scope). */
const FIELD_OF_REFUSAL: Record<string, DeviceFormField> = {
  [DEVICE_MESSAGES.serialDuplicate]: 'serial',
  [DEVICE_MESSAGES.areaUnknown]: 'diaban',
};

/** The server's message beside its field, when it names one. */
export function deviceRefusalErrors(message: string): DeviceFormErrors {
  return errorBeside(FIELD_OF_REFUSAL, message);
}
