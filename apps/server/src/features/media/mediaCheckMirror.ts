/**
 * What the check thread knows of the server's state, so that it answers the common check alone
 * (issue #29): in a district's burst ten thousand speakers show the same token, each with its own
 * device proof, for a session that reaches them all. With the devices' proof keys and area chains
 * (pushed by the server's thread at start and at every change) and each token and session it was
 * taught once (in the server's answer to the first check that showed them), the thread runs the
 * same checks (checkMediaRequest) and answers 204 without a message to the server's thread.
 *
 * It only ever allows: whatever it does not know counts against the request here (a token or a
 * session not taught, a device not mirrored, a plan), and any request it would not allow is asked
 * of the server's thread, which decides it from its own state and logs a refusal. A broadcast's
 * targets never change, and a token names its file, session and expiry, so neither can go stale.
 */
import { checkMediaRequest, type MediaAccessDeps, type MediaQuery } from './mediaAccess';
import { deviceProofHolds } from '../auth/tokens';
import { reachesDevice, type DeviceKey, type SpeakerTarget } from '../../gateway/deviceReach';

/** A media token's claims: the file, the session, the expiry (unix seconds). */
export type MediaClaims = {
  k: string;
  s: string;
  e: number;
};

/** What the server's thread teaches with an answer: a token it verified, the session it names. */
export interface CheckLesson {
  token?: [token: string, claims: MediaClaims];
  session?: [id: string, target: SpeakerTarget];
}

/** The devices' keys as the server's thread pushes them: all of them (`reset`), or those changed since. */
export interface DeviceKeysUpdate {
  reset: boolean;
  keys: [id: string, key: DeviceKey][];
  removed: string[];
}

/** Tokens and sessions remembered: about the last hours' bulletins; the oldest taught is forgotten first. */
export const MIRROR_REMEMBERS = 1000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (!map.has(key) && map.size >= MIRROR_REMEMBERS) map.delete(map.keys().next().value!);
  map.set(key, value);
}

export class CheckMirror {
  private readonly devices = new Map<string, DeviceKey>();
  private readonly tokens = new Map<string, MediaClaims>();
  private readonly sessions = new Map<string, SpeakerTarget>();
  private readonly deps: MediaAccessDeps = {
    // Only media tokens are taught, so the purpose is already the one asked for.
    signer: {
      verifyPayload: (token) => (token === undefined ? null : this.tokens.get(token) ?? null),
    },
    gateway: {
      verifyProof: (deviceId, text, proof) => {
        const device = this.devices.get(deviceId);
        return !!device && deviceProofHolds(device.hash, text, proof);
      },
      adminOf: () => undefined,
    },
    // A session not taught here reaches nobody here: the server's thread is asked.
    sessionReaches: (sessionId, deviceId) => {
      const target = this.sessions.get(sessionId);
      return !!target && reachesDevice(target, deviceId, this.devices.get(deviceId)?.chain);
    },
    // Plans are not mirrored: a speaker's fetch of its plan's files (rare) is asked.
    inPlan: () => false,
  };

  /** Whether the request may be answered 204 from what is known here; false: ask the server's thread (which may still allow it). */
  allows(key: string, query: MediaQuery, now = Date.now()): boolean {
    return checkMediaRequest(this.deps, key, query, now) === null;
  }

  learn(lesson: CheckLesson): void {
    if (lesson.token) remember(this.tokens, lesson.token[0], lesson.token[1]);
    if (lesson.session) remember(this.sessions, lesson.session[0], lesson.session[1]);
  }

  setDevices(update: DeviceKeysUpdate): void {
    if (update.reset) this.devices.clear();
    for (const [id, key] of update.keys) this.devices.set(id, key);
    for (const id of update.removed) this.devices.delete(id);
  }
}
