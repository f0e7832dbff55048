import { describe, expect, it } from 'vitest';
import { readDecimal, readDigits, readMonth, readNumber, readOrdinal } from './numbers';

describe('readNumber', () => {
  it.each([
    [0, 'không'],
    [5, 'năm'],
    [10, 'mười'],
    [11, 'mười một'],
    [14, 'mười bốn'],
    [15, 'mười lăm'],
    [20, 'hai mươi'],
    [21, 'hai mươi mốt'],
    [24, 'hai mươi tư'],
    [25, 'hai mươi lăm'],
    [55, 'năm mươi lăm'],
    [100, 'một trăm'],
    [105, 'một trăm linh năm'],
    [110, 'một trăm mười'],
    [115, 'một trăm mười lăm'],
    [999, 'chín trăm chín mươi chín'],
    [1000, 'một nghìn'],
    [1005, 'một nghìn không trăm linh năm'],
    [1050, 'một nghìn không trăm năm mươi'],
    [2026, 'hai nghìn không trăm hai mươi sáu'],
    [10_000, 'mười nghìn'],
    [15_300, 'mười lăm nghìn ba trăm'],
    [1_000_000, 'một triệu'],
    [1_000_500, 'một triệu năm trăm'],
    [1_000_005, 'một triệu không trăm linh năm'],
    [2_500_000, 'hai triệu năm trăm nghìn'],
    [1_000_000_000, 'một tỷ'],
    [3_200_000_000, 'ba tỷ hai trăm triệu'],
    [1_000_000_000_000, 'một nghìn tỷ'],
  ])('reads %d as "%s"', (n, words) => {
    expect(readNumber(n)).toBe(words);
  });

  it('ignores leading zeros', () => {
    expect(readNumber('007')).toBe('bảy');
  });

  it('reads very long numbers digit by digit', () => {
    expect(readNumber('1234567890123456')).toBe('một hai ba bốn năm sáu bảy tám chín không một hai ba bốn năm sáu');
  });

  it('refuses what is not a whole number', () => {
    expect(() => readNumber('1.5')).toThrow();
  });
});

describe('readDecimal, readDigits, readOrdinal, readMonth', () => {
  it('reads decimals with "phẩy"', () => {
    expect(readDecimal('3', '5')).toBe('ba phẩy năm');
    expect(readDecimal('12', '25')).toBe('mười hai phẩy hai mươi lăm');
    expect(readDecimal('0', '05')).toBe('không phẩy không năm');
    expect(readDecimal('1', '23456')).toBe('một phẩy hai ba bốn năm sáu');
  });

  it('reads digits one by one', () => {
    expect(readDigits('0912')).toBe('không chín một hai');
  });

  it('reads ordinals and months the usual way', () => {
    expect(readOrdinal('1')).toBe('nhất');
    expect(readOrdinal('4')).toBe('tư');
    expect(readOrdinal('3')).toBe('ba');
    expect(readMonth('4')).toBe('tư');
    expect(readMonth('11')).toBe('mười một');
  });
});
