import { z } from 'zod';

/** How many speakers a reach lists by name in each group (failed, offline); the counts are always whole. */
export const REACH_LIST_MAX = 20;

/** A speaker named on a live card: failed or offline. */
export const reachDeviceSchema = z.object({
  _id: z.string(),
  tenthietbi: z.string(),
  tendiaban: z.string(),
  /** Why it failed, in Vietnamese (the speaker's error); null for an offline one. */
  lydo: z.string().nullable(),
});
export type ReachDevice = z.infer<typeof reachDeviceSchema>;

/**
 * What the speakers of one running broadcast do now (ours, issue #18 item 2): how many it targets,
 * how many are online and how many play it, and which failed or are offline.
 */
export const liveReachSchema = z.object({
  /** Speakers the broadcast targets. */
  sothietbi: z.number().int(),
  /** Of those, online now. */
  online: z.number().int(),
  /** Of those, playing this broadcast now. */
  dangphat: z.number().int(),
  /** Speakers that reported an error for this broadcast (online, not playing it); at most REACH_LIST_MAX. */
  loi: z.array(reachDeviceSchema),
  soloi: z.number().int(),
  /** Target speakers offline now; at most REACH_LIST_MAX. */
  matketnoi: z.array(reachDeviceSchema),
  somatketnoi: z.number().int(),
  /**
   * Speakers on a degraded link (issue #30): their stream of this broadcast dropped and resumed
   * (`gap` events); `lydo` says how much they lost. At most REACH_LIST_MAX.
   */
  chapchon: z.array(reachDeviceSchema).optional(),
  sochapchon: z.number().int().optional(),
});
export type LiveReach = z.infer<typeof liveReachSchema>;

/** A reach update of one running broadcast (CAP-NHAT-PHAM-VI-PHAT). */
export const reachEventSchema = z.object({ idlichphat: z.string(), phamvi: liveReachSchema });
export type ReachEvent = z.infer<typeof reachEventSchema>;
