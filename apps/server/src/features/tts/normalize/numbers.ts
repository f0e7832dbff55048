/** Vietnamese number reading (northern usage: "nghìn", "linh"), for the text-to-speech normaliser. */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;

/** Reads one digit on its own ("0" → "không"). */
export const readDigit = (digit: string): string => DIGITS[Number(digit)];

/** Reads a string of digits one by one: phone numbers, codes. */
export function readDigits(digits: string): string {
  return [...digits.replace(/\D/g, '')].map(readDigit).join(' ');
}

/** Reads 0–99 where it stands alone or leads a group ("mười lăm", "hai mươi mốt", "hai mươi tư"). */
function readTens(n: number): string {
  if (n < 10) return DIGITS[n];
  const tens = Math.floor(n / 10);
  const unit = n % 10;
  const head = tens === 1 ? 'mười' : `${DIGITS[tens]} mươi`;
  if (unit === 0) return head;
  if (unit === 5) return `${head} lăm`;
  if (unit === 1 && tens > 1) return `${head} mốt`;
  if (unit === 4 && tens > 1) return `${head} tư`;
  return `${head} ${DIGITS[unit]}`;
}

/** Reads a group of three digits; `full` groups (not the leading one) say "không trăm" and "linh". */
function readGroup(n: number, full: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (!full && hundreds === 0) return readTens(rest);
  const head = `${DIGITS[hundreds]} trăm`;
  if (rest === 0) return head;
  if (rest < 10) return `${head} linh ${DIGITS[rest]}`;
  return `${head} ${readTens(rest)}`;
}

const SCALES = ['', 'nghìn', 'triệu', 'tỷ'] as const;

/** Reads a whole number of up to 15 digits ("2026" → "hai nghìn không trăm hai mươi sáu"); longer ones digit by digit. */
export function readNumber(value: string | number | bigint): string {
  const digits = String(value).replace(/^0+(?=\d)/, '');
  if (!/^\d+$/.test(digits)) throw new Error(`not a whole number: ${value}`);
  if (digits.length > 15) return readDigits(digits);
  let n = BigInt(digits);
  if (n === 0n) return DIGITS[0];
  // "tỷ" repeats: 10^12 is "nghìn tỷ", so split by billions first.
  const billions = n / 1_000_000_000n;
  n %= 1_000_000_000n;
  const parts: string[] = [];
  if (billions > 0n) parts.push(`${readNumber(billions)} tỷ`);
  const groups = [Number(n / 1_000_000n), Number((n / 1000n) % 1000n), Number(n % 1000n)];
  groups.forEach((group, i) => {
    if (group === 0) return;
    const leading = parts.length === 0;
    const scale = SCALES[2 - i];
    parts.push(scale ? `${readGroup(group, !leading)} ${scale}` : readGroup(group, !leading));
  });
  return parts.join(' ');
}

/** Reads a decimal fraction after "phẩy": up to three digits as a number, leading zeros and longer tails digit by digit. */
function readFraction(fraction: string): string {
  if (fraction.length <= 3 && !fraction.startsWith('0')) return readNumber(fraction);
  const zeros = fraction.match(/^0+/)?.[0] ?? '';
  const tail = fraction.slice(zeros.length);
  const head = zeros ? readDigits(zeros) : '';
  if (!tail) return head;
  const tailWords = tail.length <= 3 ? readNumber(tail) : readDigits(tail);
  return head ? `${head} ${tailWords}` : tailWords;
}

/** Reads a decimal written with a comma or a dot ("3,5" → "ba phẩy năm"). */
export function readDecimal(whole: string, fraction: string): string {
  return `${readNumber(whole)} phẩy ${readFraction(fraction)}`;
}

/** Reads an ordinal after "thứ": 1 is "nhất", 4 is "tư" ("thứ 4" → "thứ tư"). */
export function readOrdinal(value: string): string {
  const n = Number(value);
  if (n === 1) return 'nhất';
  if (n === 4) return 'tư';
  return readNumber(value);
}

/** Reads a month: April is "tư" ("tháng tư"). */
export const readMonth = (month: string): string => (Number(month) === 4 ? 'tư' : readNumber(month));
