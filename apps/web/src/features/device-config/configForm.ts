import { DEFAULT_DEVICE_SETTINGS, deviceConfigPatchSchema, type DeviceDetail, type StoredDeviceConfig } from '@loa/contract';
import type { z } from 'zod';

export type ConfigPatch = z.infer<typeof deviceConfigPatchSchema>;

export type ConfigField = 'amluong' | 'keepalive' | 'kenhmacdinh' | 'giotinh';

/** The configuration form: a ticked field is set here, an unticked one is inherited (sent as null). */
export interface ConfigFormValues {
  use: Record<ConfigField, boolean>;
  amluong: number;
  keepalive: string;
  kenhmacdinh: string;
  quiet: boolean;
  tu: string;
  den: string;
}
export type ConfigFormErrors = Partial<Record<ConfigField, string>>;

/** Where an empty form starts (only the starting position of unticked controls). */
const START = { amluong: DEFAULT_DEVICE_SETTINGS.amluong, keepalive: String(DEFAULT_DEVICE_SETTINGS.keepalive), tu: '22:00', den: '05:00' };

/** The form for a device (its own settings ticked, values from the effective ones) or for an area (its own settings). */
export function configFormFrom(detail: Pick<DeviceDetail, 'cauhinh'> & Partial<Pick<DeviceDetail, 'cauhinhhieuluc'>> | null): ConfigFormValues {
  const own: StoredDeviceConfig = detail?.cauhinh ?? {};
  const effective = detail?.cauhinhhieuluc ?? (detail ? {
    amluong: own.amluong ?? START.amluong, keepalive: own.keepalive ?? DEFAULT_DEVICE_SETTINGS.keepalive,
    kenhmacdinh: own.kenhmacdinh || null, giotinh: own.giotinh ?? null,
  } : undefined);
  const quiet = effective?.giotinh ?? null;
  return {
    use: { amluong: own.amluong !== undefined, keepalive: own.keepalive !== undefined, kenhmacdinh: own.kenhmacdinh !== undefined, giotinh: own.giotinh !== undefined },
    amluong: effective?.amluong ?? START.amluong,
    keepalive: effective ? String(effective.keepalive) : START.keepalive,
    kenhmacdinh: effective?.kenhmacdinh ?? '',
    quiet: !!quiet,
    tu: quiet?.tu ?? START.tu,
    den: quiet?.den ?? START.den,
  };
}

/** The form as an update body, checked with the contract's schema (its messages). */
export function configFormToBody(values: ConfigFormValues): { errors: ConfigFormErrors; config?: ConfigPatch } {
  const config: ConfigPatch = {
    amluong: values.use.amluong ? values.amluong : null,
    // Anything but whole seconds becomes 0 so the schema answers with its own range message.
    keepalive: values.use.keepalive ? (/^\d{1,4}$/.test(values.keepalive.trim()) ? Number(values.keepalive.trim()) : 0) : null,
    // Ticked and empty: no default channel here, whatever the area says.
    kenhmacdinh: values.use.kenhmacdinh ? values.kenhmacdinh.trim() : null,
    giotinh: values.use.giotinh && values.quiet ? { tu: values.tu, den: values.den } : null,
  };
  const errors: ConfigFormErrors = {};
  const parsed = deviceConfigPatchSchema.safeParse(config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ConfigField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { errors, config };
}
