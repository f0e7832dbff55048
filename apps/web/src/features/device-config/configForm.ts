import { storedDeviceConfigSchema, type DeviceDetail, type StoredDeviceConfig } from '@loa/contract';

export type ConfigField = 'amluong' | 'keepalive' | 'kenhmacdinh' | 'giotinh';

/** The configuration form: each field is sent only when ticked, so the rest stays inherited. */
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
const START = { amluong: 70, keepalive: '30', tu: '22:00', den: '05:00' };

/** The form for a device (its own settings ticked, values from the effective ones) or for an area (nothing ticked). */
export function configFormFrom(detail: DeviceDetail | null): ConfigFormValues {
  const own: StoredDeviceConfig = detail?.cauhinh ?? {};
  const effective = detail?.cauhinhhieuluc;
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

function isUrl(text: string): boolean {
  try {
    return ['http:', 'https:', 'rtsp:', 'rtmp:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The ticked fields as an update body, checked with the contract's schema; `urlMessage` is the console's own text. */
export function configFormToBody(values: ConfigFormValues, urlMessage: string): { errors: ConfigFormErrors; config?: StoredDeviceConfig } {
  const config: StoredDeviceConfig = {};
  const errors: ConfigFormErrors = {};
  if (values.use.amluong) config.amluong = values.amluong;
  // Anything but whole seconds becomes 0 so the schema answers with its own range message.
  if (values.use.keepalive) config.keepalive = /^\d{1,4}$/.test(values.keepalive.trim()) ? Number(values.keepalive.trim()) : 0;
  if (values.use.kenhmacdinh) {
    const url = values.kenhmacdinh.trim();
    if (url && !isUrl(url)) errors.kenhmacdinh = urlMessage;
    config.kenhmacdinh = url || null;
  }
  if (values.use.giotinh) config.giotinh = values.quiet ? { tu: values.tu, den: values.den } : null;
  const parsed = storedDeviceConfigSchema.safeParse(config);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ConfigField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { errors, config };
}
