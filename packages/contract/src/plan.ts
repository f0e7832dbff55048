import { z } from 'zod';
import { playItemSchema } from './mqtt';

/**
 * The plan a speaker holds (issue #30, docs/device-protocol.md "The plan"): every approved scheduled
 * occurrence that reaches it in the next hours, with the files it needs, so it plays them on its
 * synchronised clock whether or not the server is reachable then. Published retained on the
 * device's plan topic, and again whenever something that changes one of its occurrences changes.
 */

/** A file a plan item needs: what the speaker downloads ahead of time and checks before playing. */
export const planFileSchema = z.object({
  /** Bytes of the stored file. */
  size: z.number().int().min(0),
  /** sha256 of the stored bytes, lowercase hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PlanFile = z.infer<typeof planFileSchema>;

/** A play item of a plan: file items (file, speech, recording) carry their file; relays and live stream as before. */
export const planItemSchema = playItemSchema.extend({ file: planFileSchema.optional() });
export type PlanItem = z.infer<typeof planItemSchema>;

export const planOccurrenceSchema = z.object({
  /** The session id the occurrence's broadcast gets when it fires: the same on the server and the speaker. */
  sessionId: z.string().min(1).max(64),
  scheduleId: z.string().min(1).max(64),
  title: z.string(),
  priority: z.number().int(),
  /** The planned start of its first run, server time, unix ms. */
  startAt: z.number(),
  /** The start of each run, the first one included (a schedule's repeats), unix ms. */
  runs: z.array(z.number()).min(1),
  items: z.array(planItemSchema).min(1),
});
export type PlanOccurrence = z.infer<typeof planOccurrenceSchema>;

export const devicePlanSchema = z.object({
  /** Grows with every new content for this device (unix ms of the change): a speaker never goes back to an older plan. */
  version: z.number().int().min(0),
  issuedAt: z.number(),
  /** The window the plan covers: nothing outside it is played from it, and past `validUntil` it is void. */
  validFrom: z.number(),
  validUntil: z.number(),
  occurrences: z.array(planOccurrenceSchema),
  /** sha256 of `planBody` (lowercase hex): a plan whose content does not match is refused and reported. */
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});
export type DevicePlan = z.infer<typeof devicePlanSchema>;

/**
 * The bytes the checksum covers: the window and the occurrences, each object with its keys sorted,
 * so any JSON encoder reproduces them.
 */
export function planBody(plan: Pick<DevicePlan, 'validFrom' | 'validUntil' | 'occurrences'>): string {
  return canonicalJson({ occurrences: plan.occurrences, validFrom: plan.validFrom, validUntil: plan.validUntil });
}

/** JSON with object keys sorted at every level (undefined members left out). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Why a speaker refuses a plan it received. */
export type PlanRefusal = 'malformed' | 'checksum';

/**
 * A plan as a speaker receives it, checked: its shape, then its checksum (`sha256hex` of `planBody`;
 * the contract runs in browsers too, so the caller brings the hash).
 */
export function checkDevicePlan(json: unknown, sha256hex: (text: string) => string): { ok: true; plan: DevicePlan } | { ok: false; refusal: PlanRefusal; detail: string } {
  const parsed = devicePlanSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, refusal: 'malformed', detail: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` };
  }
  const actual = sha256hex(planBody(parsed.data));
  if (actual !== parsed.data.checksum) return { ok: false, refusal: 'checksum', detail: `checksum ${parsed.data.checksum} does not match the content (${actual})` };
  return { ok: true, plan: parsed.data };
}
