import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type Account } from '@loa/contract';
import { accountToForm, EMPTY_ACCOUNT_FORM, toggleRight, validateAccountUpdate, validateNewAccount } from './accountForm';
import { passwordStrength } from './passwordStrength';

const valid = { ...EMPTY_ACCOUNT_FORM, tentaikhoan: 'canbo.thon1', matkhau: 'Matkhau#2025', hoten: 'Lê Thị Hoa', email: 'hoa@xa.vn', sdt: '0912 345 678', diaban: 'a-2', quyenhan: ['xemnhatky'] };

describe('account form', () => {
  it('refuses a bad login name, a short password and an empty name with the contract messages', () => {
    const { errors, body } = validateNewAccount({ ...valid, tentaikhoan: 'có dấu', matkhau: 'ngan', hoten: ' ' });
    expect(body).toBeUndefined();
    expect(errors.tentaikhoan).toBe(ACCOUNT_MESSAGES.loginNameInvalid);
    expect(errors.matkhau).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(errors.hoten).toBe('Họ tên không được để trống!');
  });

  it('refuses a malformed e-mail', () => {
    expect(validateNewAccount({ ...valid, email: 'khong-phai-email' }).errors.email).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });

  it('builds the themmoi body, with no area as null', () => {
    expect(validateNewAccount(valid).body).toEqual({ tentaikhoan: 'canbo.thon1', matkhau: 'Matkhau#2025', hoten: 'Lê Thị Hoa', email: 'hoa@xa.vn', sdt: '0912 345 678', loaitaikhoan: 'canbo', quyenhan: ['xemnhatky'], diaban: 'a-2' });
    expect(validateNewAccount({ ...valid, diaban: '' }).body?.diaban).toBeNull();
  });

  it('builds the capnhat body without login name or password', () => {
    const account = { _id: 'u-9', tentaikhoan: 'x.y', hoten: 'X', email: '', sdt: '', diaban: { _id: 'a-1', tendiaban: 'Xã' }, loaitaikhoan: 'nguoidung', tenloaitaikhoan: 'Quản Trị Viên', quyenhan: [{ value: 'quanlytaikhoan', quyen: 'Quản lý tài khoản' }], trangthaixacthucemail: false, khoa: false, doimatkhau: false, idAdmin: 'a', ngaytao: '' } satisfies Account;
    const body = validateAccountUpdate('u-9', { ...accountToForm(account), hoten: 'X Y' }).body;
    expect(body).toEqual({ id: 'u-9', hoten: 'X Y', email: '', sdt: '', loaitaikhoan: 'nguoidung', quyenhan: ['quanlytaikhoan'], diaban: 'a-1' });
  });

  it('toggles rights keeping the order of the list', () => {
    const all = ['a', 'b', 'c'];
    expect(toggleRight(['c'], 'a', true, all)).toEqual(['a', 'c']);
    expect(toggleRight(['a', 'c'], 'a', false, all)).toEqual(['c']);
  });

  it('rates passwords from too short to strong', () => {
    expect(passwordStrength('')).toBe('empty');
    expect(passwordStrength('abc')).toBe('tooShort');
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('Abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdefgh1234!')).toBe('strong');
  });
});
