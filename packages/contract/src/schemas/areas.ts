import { z } from 'zod';
import { storedDeviceConfigSchema } from './devices';
import { AREA_MESSAGES, AREA_LEVELS } from './areas.messages';

export { AREA_MESSAGES, AREA_LEVELS, AREA_LEVEL_LABELS, areaUnitLabel } from './areas.messages';

const name = z.string({ error: AREA_MESSAGES.nameRequired }).trim().min(1, AREA_MESSAGES.nameRequired).max(120);

export const areaCreateBodySchema = z.object({
  tendiaban: name,
  cap: z.enum(AREA_LEVELS, { error: AREA_MESSAGES.levelInvalid }),
  idcha: z.string().max(64).nullable().optional().default(null),
});
export const areaUpdateBodySchema = z.object({
  id: z.string({ error: AREA_MESSAGES.unknown }).min(1, AREA_MESSAGES.unknown).max(64),
  tendiaban: name,
  idcha: z.string().max(64).nullable().optional().default(null),
});
export const areaIdBodySchema = z.object({ id: z.string({ error: AREA_MESSAGES.unknown }).min(1, AREA_MESSAGES.unknown).max(64) });

/** An area with what it holds, for the area management screen. */
export const areaDetailSchema = z.object({
  _id: z.string(),
  tendiaban: z.string(),
  cap: z.enum(AREA_LEVELS),
  idcha: z.string().nullable(),
  /** Devices in this area itself (not below it). */
  sothietbi: z.number().int(),
  sothietbionline: z.number().int(),
  /** The area's own stored configuration, inherited by its devices. */
  cauhinh: storedDeviceConfigSchema,
});
export type AreaDetail = z.infer<typeof areaDetailSchema>;

export type AreaLevel = (typeof AREA_LEVELS)[number];
export type AreaCreateBody = z.infer<typeof areaCreateBodySchema>;
export type AreaUpdateBody = z.infer<typeof areaUpdateBodySchema>;
