import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { changeInfoBodySchema, changePasswordError, loginBodySchema } from './auth';
import { formatDuration, formatLoginActivity, truncateLabel } from '../format';

describe('changePasswordError', () => {
  it('reports the first failing rule of spec §5 in order', () => {
    expect(changePasswordError({})).toBe(MSG.currentPasswordRequired);
    expect(changePasswordError({ matkhauHientai: 'a' })).toBe(MSG.newPasswordRequired);
    expect(changePasswordError({ matkhauHientai: 'a', matkhaumoi: 'b' })).toBe(MSG.repeatPasswordRequired);
    expect(changePasswordError({ matkhauHientai: 'a', matkhaumoi: 'bbbbbbbb', nhaplaimatkhaumoi: 'c' })).toBe(MSG.repeatPasswordMismatch);
    expect(changePasswordError({ matkhauHientai: 'a', matkhaumoi: 'b', nhaplaimatkhaumoi: 'b' })).toBe(MSG.newPasswordTooShort);
    expect(changePasswordError({ matkhauHientai: 'a', matkhaumoi: 'bbbbbbbb', nhaplaimatkhaumoi: 'bbbbbbbb' })).toBeNull();
  });
});

describe('schemas', () => {
  it('requires a login name and a password', () => {
    expect(loginBodySchema.safeParse({ tentaikhoan: '', password: 'x' }).error?.issues[0].message).toBe(MSG.loginNameRequired);
    expect(loginBodySchema.safeParse({ tentaikhoan: 'a', password: 'x' }).success).toBe(true);
  });
  it('accepts an empty email and phone but not malformed ones', () => {
    expect(changeInfoBodySchema.safeParse({ hoten: 'A', email: '', sdt: '' }).success).toBe(true);
    expect(changeInfoBodySchema.safeParse({ hoten: 'A', email: 'a@', sdt: '' }).error?.issues[0].message).toBe(MSG.emailInvalid);
  });
});

describe('formatting', () => {
  it('shows login activity as HH:mm:ss - DD/MM/YYYY in Vietnam time', () => {
    const t = Date.UTC(2026, 10, 21, 0, 5, 9) / 1000; // 07:05:09 in Vietnam
    expect(formatLoginActivity(t)).toBe('07:05:09 - 21/11/2026');
  });
  it('truncates labels and never shows a negative duration', () => {
    expect(truncateLabel('Bản tin phòng chống lũ lụt', 17)).toBe('Bản tin phòng chố...');
    expect(truncateLabel('Ngắn', 17)).toBe('Ngắn');
    expect(formatDuration(3725)).toBe('01:02:05');
    expect(formatDuration(-5)).toBe('00:00:00');
  });
});

describe('vietnameseSortKey', () => {
  it('orders names as a Vietnamese dictionary does', async () => {
    const { vietnameseSortKey } = await import('../sortKey');
    const names = ['Loa trường', 'Loa đình', 'Loa chợ', 'Loa dê', 'Loa ấp', 'Loa an', 'Loa ăn', 'Loa 2', 'Loa Ơn', 'Loa ôn', 'Loa on'];
    const sorted = [...names].sort((a, b) => (vietnameseSortKey(a) < vietnameseSortKey(b) ? -1 : 1));
    expect(sorted).toEqual(['Loa 2', 'Loa an', 'Loa ăn', 'Loa ấp', 'Loa chợ', 'Loa dê', 'Loa đình', 'Loa on', 'Loa ôn', 'Loa Ơn', 'Loa trường']);
    const tones = ['ma', 'mà', 'mả', 'mã', 'má', 'mạ'].reverse();
    expect(tones.sort((a, b) => (vietnameseSortKey(a) < vietnameseSortKey(b) ? -1 : 1))).toEqual(['ma', 'mà', 'mả', 'mã', 'má', 'mạ']);
  });
});
