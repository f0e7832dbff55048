import { describe, expect, it } from 'vitest';
import { clearChanged, errorBeside } from './fieldErrors';

const FIELD_OF = { 'Chưa nhập tên': 'ten', 'Chưa chọn địa bàn': 'diaban' } as const;

describe('messages beside their fields', () => {
  it('puts a message the table names beside its field, and no other anywhere', () => {
    expect(errorBeside(FIELD_OF, 'Chưa chọn địa bàn')).toEqual({ diaban: 'Chưa chọn địa bàn' });
    expect(errorBeside(FIELD_OF, 'Máy chủ đang bận')).toEqual({});
    expect(errorBeside(FIELD_OF, null)).toEqual({});
    // A message that happens to be an object's own property name is not a field.
    expect(errorBeside(FIELD_OF, 'toString')).toEqual({});
  });

  it('clears what the user changed and keeps the rest (the same object when nothing marked was touched)', () => {
    const errors = { ten: 'Chưa nhập tên', diaban: 'Chưa chọn địa bàn' };
    expect(clearChanged(errors, ['ten'])).toEqual({ diaban: 'Chưa chọn địa bàn' });
    expect(clearChanged(errors, ['ghichu'])).toBe(errors);
  });
});
