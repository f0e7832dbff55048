import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../auth/tokens';
import { checkMediaRequest, rememberingSigner } from './mediaAccess';

/** A real signer that counts the tokens it was asked to verify. */
function counted(signer: TokenSigner) {
  const asked: string[] = [];
  return { asked, verifyPayload: (token: string | undefined, purpose?: string) => { asked.push(token ?? ''); return signer.verifyPayload(token, purpose); } };
}

describe('media tokens remembered once verified (issue #29: a district shows one token per file)', () => {
  const signer = new TokenSigner('khoa-bi-mat-thu-nghiem-0123456789');
  const inAnHour = Math.ceil(Date.now() / 1000) + 3600;

  it('verifies a session\'s token once for a thousand speakers, and still checks its expiry every time', () => {
    const inner = counted(signer);
    const remembered = rememberingSigner(inner);
    const deps = { signer: remembered, gateway: { verifyProof: () => true, adminOf: () => undefined }, sessionReaches: () => true, inPlan: () => false };
    const token = signer.signPayload({ k: 'audio/a.mp3', s: 'phien-1', e: inAnHour }, 'media');
    for (let i = 0; i < 1000; i += 1) expect(checkMediaRequest(deps, 'audio/a.mp3', { t: token })).toBeNull();
    expect(inner.asked).toHaveLength(1);
    // The same remembered token after its expiry: refused.
    expect(checkMediaRequest(deps, 'audio/a.mp3', { t: token }, (inAnHour + 1) * 1000)).toMatchObject({ refusal: 'expired' });
    // Another file's request with it: refused, as before.
    expect(checkMediaRequest(deps, 'audio/b.mp3', { t: token })).toMatchObject({ refusal: 'forged' });
  });

  it('never remembers a forged token, nor takes a token for another purpose', () => {
    const inner = counted(signer);
    const remembered = rememberingSigner(inner);
    const token = signer.signPayload({ k: 'audio/a.mp3', s: 'phien-1', e: inAnHour }, 'media');
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (let i = 0; i < 3; i += 1) expect(remembered.verifyPayload(forged, 'media')).toBeNull();
    expect(inner.asked).toHaveLength(3);
    expect(remembered.verifyPayload(token, 'media')).toMatchObject({ k: 'audio/a.mp3' });
    expect(remembered.verifyPayload(token, 'upload')).toBeNull();
    expect(remembered.verifyPayload(undefined, 'media')).toBeNull();
  });

  it('keeps at most its size, the oldest leaving first', () => {
    const inner = counted(signer);
    const remembered = rememberingSigner(inner, 3);
    const tokens = [1, 2, 3, 4].map((n) => signer.signPayload({ k: `audio/${n}.mp3`, s: 'p', e: inAnHour }, 'media'));
    tokens.forEach((t) => remembered.verifyPayload(t, 'media'));
    inner.asked.length = 0;
    remembered.verifyPayload(tokens[3], 'media');
    remembered.verifyPayload(tokens[1], 'media');
    expect(inner.asked).toHaveLength(0);
    remembered.verifyPayload(tokens[0], 'media');
    expect(inner.asked).toEqual([tokens[0]]);
  });
});
