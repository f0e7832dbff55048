import { expandAbbreviations, spellAcronyms } from './abbreviations';
import { readDecimal, readDigits, readMonth, readNumber, readOrdinal } from './numbers';
import { UNIT_PATTERN, UNITS } from './units';

// Numbers already read are wrapped in these marks, so that "50-100" or "14h-16h" can become a range ("đến")
// and nothing reads the same digits twice. They never survive the last step.
const OPEN = '\u0001';
const CLOSE = '\u0002';
const spoken = (words: string) => `${OPEN}${words}${CLOSE}`;

/** Whether the text just before `offset` ends with one of the words (case-insensitive). */
const after = (whole: string, offset: number, words: RegExp) => words.test(whole.slice(Math.max(0, offset - 24), offset));

function cleanTypography(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u00a0\u2000-\u200b\u202f\u3000]/g, ' ')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\r\n?/g, '\n');
}

/** Mobile and landline numbers, digit by digit in their written groups ("0912 345 678"). */
function readPhoneNumbers(text: string): string {
  const phone = /(?<![\p{L}\p{N}.,/])(\+84|0)((?:[ .-]?\d){8,10})(?![\p{N}]|[.,]\d)/gu;
  text = text.replace(phone, (_m, prefix: string, rest: string) => {
    const local = prefix === '0';
    const written = rest.trim().split(/[ .-]/).filter(Boolean);
    const digits = (local ? '0' : '') + rest.replace(/\D/g, '');
    let groups: string[];
    if (written.length > 1) groups = local ? [`0${written[0]}`, ...written.slice(1)] : written;
    else groups = local ? [digits.slice(0, 4), digits.slice(4, 7), digits.slice(7)] : [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
    const read = groups.map(readDigits).join(', ');
    return spoken(local ? read : `cộng tám tư, ${read}`);
  });
  // Short service numbers named as such ("gọi 113", "đường dây nóng 1022").
  const hotline = /((?:đường dây nóng|hotline|điện thoại|số máy|tổng đài|gọi(?: (?:tới|đến|cho))?(?: số)?)\s*:?\s*)(\d{3,5})(?![\p{N}]|[.,]\d)/giu;
  return text.replace(hotline, (_m, lead: string, digits: string) => `${lead}${spoken(readDigits(digits))}`);
}

const validDay = (d: string) => Number(d) >= 1 && Number(d) <= 31;
const validMonth = (m: string) => Number(m) >= 1 && Number(m) <= 12;
const DAY_WORD = /(ngày|mùng|mồng|hôm)\s*$/iu;

/** Dates: 22/11/2026, 22-11-2026, 22.11.2026, 2026-11-22, 20-22/11, 11/2026. */
function readDates(text: string): string {
  const dayMonthYear = (day: string, month: string, year: string, whole: string, offset: number) =>
    spoken(`${after(whole, offset, DAY_WORD) ? '' : 'ngày '}${readNumber(day)} tháng ${readMonth(month)} năm ${readNumber(year)}`);
  text = text.replace(/(?<![\p{N}.,/])(\d{4})-(\d{1,2})-(\d{1,2})(?![\p{N}])/gu, (m, y: string, mo: string, d: string, offset: number, whole: string) =>
    validDay(d) && validMonth(mo) ? dayMonthYear(d, mo, y, whole, offset) : m);
  text = text.replace(/(?<![\p{N}.,/])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\p{N}])/gu, (m, d: string, _s, mo: string, y: string, offset: number, whole: string) =>
    validDay(d) && validMonth(mo) ? dayMonthYear(d, mo, y, whole, offset) : m);
  text = text.replace(/(?<![\p{N}.,/])(\d{1,2})(?:\s?-\s?(\d{1,2}))?\/(\d{1,2})(?![\p{N}]|\/\d)/gu, (m, d: string, d2: string | undefined, mo: string, offset: number, whole: string) => {
    if (!validDay(d) || (d2 && !validDay(d2)) || !validMonth(mo)) return m;
    const days = d2 ? `${readNumber(d)} đến ${readNumber(d2)}` : readNumber(d);
    return spoken(`${after(whole, offset, DAY_WORD) ? '' : 'ngày '}${days} tháng ${readMonth(mo)}`);
  });
  return text.replace(/(?<![\p{N}.,/])(\d{1,2})\/(\d{4})(?![\p{N}])/gu, (m, mo: string, y: string, offset: number, whole: string) =>
    validMonth(mo) ? spoken(`${after(whole, offset, /tháng\s*$/iu) ? '' : 'tháng '}${readMonth(mo)} năm ${readNumber(y)}`) : m);
}

/** Clock times: 14h30, 14h30', 14g30, 14:30, 14:30:15, 7h. */
function readTimes(text: string): string {
  const clock = (h: string, min?: string, sec?: string) => {
    const parts = [`${readNumber(h)} giờ`];
    if (min && Number(min) > 0) parts.push(`${readNumber(min)} phút`);
    if (sec && Number(sec) > 0) parts.push(`${readNumber(sec)} giây`);
    return spoken(parts.join(' '));
  };
  text = text.replace(/(?<![\p{N}.,:])(\d{1,2})\s?(?:h|g|:|giờ)\s?(\d{2})(?::(\d{2}))?(?:\s?(?:'|p(?!\p{L})|phút))?(?![\p{N}])/gu,
    (m, h: string, min: string, sec: string | undefined) => (Number(h) <= 24 && Number(min) < 60 && (!sec || Number(sec) < 60) ? clock(h, min, sec) : m));
  return text.replace(/(?<![\p{N}.,:])(\d{1,2})\s?h(?![\p{L}\p{N}])/gu, (m, h: string) => (Number(h) <= 24 ? clock(h) : m));
}

/** Numbers with their unit, percent or currency; decimals; ordinals after "thứ"; below-zero temperatures. */
function readQuantities(text: string): string {
  const number = (whole: string, separator?: string, fraction?: string) =>
    fraction !== undefined && separator ? readDecimal(whole.replace(/\./g, ''), fraction) : readNumber(whole.replace(/\./g, ''));
  text = text.replace(/(?<![\p{N}\p{L}])-(\d+)(?:([.,])(\d+))?\s?(°C|ºC|° C|oC)(?![\p{L}])/gu,
    (_m, w: string, s: string | undefined, f: string | undefined) => spoken(`âm ${number(w, s, f)} độ xê`));
  const quantity = new RegExp(`(?<![\\p{N}])(\\d{1,3}(?:\\.\\d{3})+|\\d+)(?:([.,])(\\d+))?(?![\\p{N}])(?:\\s?(${UNIT_PATTERN})(?![\\p{L}\\p{N}]))?`, 'gu');
  return text.replace(quantity, (_m, w: string, s: string | undefined, f: string | undefined, unit: string | undefined, offset: number, whole: string) => {
    const words = !s && after(whole, offset, /thứ\s*$/iu) ? readOrdinal(w) : number(w, s, f);
    return spoken(unit ? `${words} ${UNITS[unit]}` : words);
  });
}

/** Punctuation and symbols a reader says or pauses on; lines become sentences. */
function readSymbols(text: string): string {
  return text
    .replace(new RegExp(`${CLOSE}\\s*-\\s*${OPEN}`, 'g'), `${CLOSE} đến ${OPEN}`)
    .replace(new RegExp(`${CLOSE}\\s*/\\s*${OPEN}`, 'g'), `${CLOSE} trên ${OPEN}`)
    .replace(/^[ \t]*[-+*•·>]+[ \t]*/gm, '')
    .replace(/([^.!?:;,\s])[ \t]*\n/g, '$1.\n')
    .replace(/\s*&\s*/g, ' và ')
    .replace(/\s*%/g, ' phần trăm')
    .replace(/\s*~\s*/g, ' khoảng ')
    .replace(new RegExp(`(?<=[\\p{L}${CLOSE}])\\s?\\/\\s?(${UNIT_PATTERN})(?![\\p{L}\\p{N}])`, 'gu'), (_m, unit: string) => ` trên ${UNITS[unit]}`)
    .replace(/(?<=\p{L})\/(?=\p{L})/gu, ' trên ')
    .replace(/…|\.{3,}/g, ', ')
    .replace(/[“”"«»[\]{}]/g, ' ')
    .replace(/[()]/g, ', ')
    .replace(/\s+-\s+/g, ', ')
    .replace(/(?<=\p{L})-(?=[\p{L}\p{N}])/gu, ' ');
}

function tidy(text: string): string {
  return text
    .replace(new RegExp(`[${OPEN}${CLOSE}]`, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/[,;:]\s*([.!?])/g, '$1')
    .replace(/^[\s,.;:]+/, '')
    .trim();
}

/**
 * Rewrites a Vietnamese bulletin the way a reader says it: numbers, dates, times, units, phone numbers
 * and abbreviations in words, so the speech engine never guesses ("22/11/2026", "14h30", "UBND").
 */
export function normalizeVietnamese(input: string): string {
  let text = cleanTypography(input);
  text = expandAbbreviations(text);
  text = readPhoneNumbers(text);
  text = readDates(text);
  text = readTimes(text);
  text = readQuantities(text);
  text = readSymbols(text);
  text = spellAcronyms(text);
  return tidy(text);
}
