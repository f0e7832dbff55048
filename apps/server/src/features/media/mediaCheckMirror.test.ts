import { describe, expect, it } from 'vitest';
import { TokenSigner, deviceProofHolds, sha256 } from '../auth/tokens';
import { withDeviceProof } from '../../../../speaker/src/mediaProof';
import { checkMediaRequest, mediaLessons, type MediaAccessDeps } from './mediaAccess';
import { CheckMirror } from './mediaCheckMirror';
import { reachesDevice, type SpeakerTarget } from '../../gateway/deviceReach';

/*
 * The check thread's own decisions (issue #29): it answers 204 alone only what the server's thread
 * would allow, from what it was pushed and taught; everything else it leaves to the server's thread.
 */

const signer = new TokenSigner('bi-mat-may-chu');
const key = 'audio/ban-tin.mp3';
const future = () => Math.floor(Date.now() / 1000) + 600;
const token = signer.signPayload({ k: key, s: 'phien-1', e: future() }, 'media');

// An area tree: tinh > huyen > xa-a, xa-b. The session is for xa-a and one single speaker of xa-b.
const chains: Record<string, string[]> = { 'loa-a': ['tinh', 'huyen', 'xa-a'], 'loa-b': ['tinh', 'huyen', 'xa-b'], 'loa-b2': ['tinh', 'huyen', 'xa-b'], 'loa-cho': [] };
const secrets: Record<string, string> = { 'loa-a': 'sa', 'loa-b': 'sb', 'loa-b2': 'sb2', 'loa-cho': 'sc' };
const reach: SpeakerTarget = { areaIds: ['xa-a'], deviceIds: ['loa-b2'] };

/** The query a speaker's agent sends for the token's file (its proof made with its secret). */
function queryOf(deviceId: string, secret = secrets[deviceId], t = token): { t: string; d: string; p: string } {
  const url = new URL(withDeviceProof(`http://may-chu/media/${key}?t=${t}`, 'http://may-chu', deviceId, secret));
  return { t: url.searchParams.get('t')!, d: url.searchParams.get('d')!, p: url.searchParams.get('p')! };
}

function taughtMirror(): CheckMirror {
  const mirror = new CheckMirror();
  mirror.setDevices({ reset: true, keys: Object.entries(secrets).map(([id, s]) => [id, { hash: sha256(s), chain: chains[id] }]), removed: [] });
  mirror.learn(mediaLessons(signer, (id) => (id === 'phien-1' ? reach : null))(token)!);
  return mirror;
}

/** The server's own verdict for the same request, from the same state. */
const server: MediaAccessDeps = {
  signer,
  gateway: { verifyProof: (d, text, p) => !!secrets[d] && deviceProofHolds(sha256(secrets[d]), text, p), adminOf: () => undefined },
  sessionReaches: (s, d) => (s === 'phien-1' ? reachesDevice(reach, d, chains[d]) : null),
  inPlan: () => false,
};

describe('the check thread deciding alone', () => {
  it('allows a speaker of the session with a valid proof: by its commune, or named by itself', () => {
    const mirror = taughtMirror();
    for (const d of ['loa-a', 'loa-b2']) {
      expect(mirror.allows(key, queryOf(d)), d).toBe(true);
      expect(checkMediaRequest(server, key, queryOf(d)), d).toBeNull();
    }
    // A plain request with the token only (the console's player through the tier).
    expect(mirror.allows(key, { t: token })).toBe(true);
  });

  it('never allows what the server would refuse: another commune, a wrong proof, another file, an expired or forged token', () => {
    const mirror = taughtMirror();
    const expired = signer.signPayload({ k: key, s: 'phien-1', e: Math.floor(Date.now() / 1000) - 1 }, 'media');
    mirror.learn(mediaLessons(signer, () => reach)(expired)!);
    const forged = `${token.slice(0, -2)}xx`;
    const cases: [string, string, { t?: string; d?: string; p?: string }][] = [
      ['another commune', key, queryOf('loa-b')],
      ['a box waiting to be assigned', key, queryOf('loa-cho')],
      ['a proof made with another secret', key, queryOf('loa-a', 'sai-bi-mat')],
      ['the token on another file', 'audio/tin-khac.mp3', queryOf('loa-a')],
      ['an expired token', key, queryOf('loa-a', 'sa', expired)],
      ['a forged token', key, { ...queryOf('loa-a'), t: forged }],
      ['a device without its proof', key, { t: token, d: 'loa-a' }],
    ];
    for (const [what, k, query] of cases) {
      expect(mirror.allows(k, query), what).toBe(false);
      expect(checkMediaRequest(server, k, query), what).not.toBeNull();
    }
  });

  it('leaves to the server what it was not taught: an unknown token or session, a device not pushed, a plan\'s file', () => {
    const empty = new CheckMirror();
    expect(empty.allows(key, queryOf('loa-a'))).toBe(false);
    // The token taught, but not its session (another server's, not yet known here).
    const noSession = new CheckMirror();
    noSession.setDevices({ reset: true, keys: [['loa-a', { hash: sha256('sa'), chain: chains['loa-a'] }]], removed: [] });
    noSession.learn(mediaLessons(signer, () => null)(token)!);
    expect(noSession.allows(key, queryOf('loa-a'))).toBe(false);
    expect(noSession.allows(key, { t: token })).toBe(true);
    const mirror = taughtMirror();
    mirror.setDevices({ reset: false, keys: [], removed: ['loa-a'] });
    expect(mirror.allows(key, queryOf('loa-a'))).toBe(false);
    // A plan's file: no token, the device's proof of the key.
    const plan = new URL(withDeviceProof(`http://may-chu/media/${key}`, 'http://may-chu', 'loa-b2', 'sb2')).searchParams;
    expect(mirror.allows(key, { d: plan.get('d')!, p: plan.get('p')! })).toBe(false);
  });

  it('follows a device\'s new secret and new commune as they are pushed', () => {
    const mirror = taughtMirror();
    expect(mirror.allows(key, queryOf('loa-a'))).toBe(true);
    mirror.setDevices({ reset: false, keys: [['loa-a', { hash: sha256('moi'), chain: chains['loa-a'] }]], removed: [] });
    expect(mirror.allows(key, queryOf('loa-a'))).toBe(false);
    expect(mirror.allows(key, queryOf('loa-a', 'moi'))).toBe(true);
    mirror.setDevices({ reset: false, keys: [['loa-a', { hash: sha256('moi'), chain: ['tinh', 'huyen', 'xa-b'] }]], removed: [] });
    expect(mirror.allows(key, queryOf('loa-a', 'moi'))).toBe(false);
    // A snapshot replaces everything (a thread started again).
    mirror.setDevices({ reset: true, keys: [['loa-b2', { hash: sha256('sb2'), chain: chains['loa-b2'] }]], removed: [] });
    expect(mirror.allows(key, queryOf('loa-b2'))).toBe(true);
    expect(mirror.allows(key, queryOf('loa-a', 'moi'))).toBe(false);
  });

  it('teaches nothing for a token that does not hold', () => {
    expect(mediaLessons(signer, () => reach)(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(mediaLessons(signer, () => reach)(signer.signPayload({ k: key, s: 'phien-1', e: future() }))).toBeNull();
  });
});
