import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { canStop } from './canStop';

const creator = makeUser({ userID: 'u-1', idAdmin: 'admin-1' });
const colleague = makeUser({ userID: 'u-2', idAdmin: 'admin-1' });
const stopper = makeUser({ userID: 'u-3', idAdmin: 'admin-1', quyenhan: [{ value: 'dungphatchuongtrinh', quyen: 'Dừng' }] });
const foreignStopper = makeUser({ userID: 'u-4', idAdmin: 'admin-2', quyenhan: [{ value: 'dungphatchuongtrinh', quyen: 'Dừng' }] });

describe('Stop on a live card (spec §6)', () => {
  it('shows Stop on an immediate broadcast only to its creator', () => {
    const entry = { type: 'phatngay' as const, nguoitao: 'u-1', idAdmin: 'admin-1' };
    expect(canStop(entry, creator)).toBe(true);
    expect(canStop(entry, colleague)).toBe(false);
    expect(canStop(entry, stopper)).toBe(false);
  });
  it('shows Stop on a scheduled broadcast to its creator or to a stopper under the same administrator', () => {
    const entry = { type: 'phatlich' as const, nguoitao: 'u-1', idAdmin: 'admin-1' };
    expect(canStop(entry, creator)).toBe(true);
    expect(canStop(entry, colleague)).toBe(false);
    expect(canStop(entry, stopper)).toBe(true);
    expect(canStop(entry, foreignStopper)).toBe(false);
  });
});
