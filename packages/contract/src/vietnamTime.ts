/** Vietnam keeps UTC+7 all year (no daylight saving): local days and clocks are fixed offsets from UTC. */
export const VN_OFFSET_MS = 7 * 3600 * 1000;

const vn = (ms: number) => new Date(ms + VN_OFFSET_MS).toISOString();

/** HH:mm:ss of an instant in Vietnam. */
export const vnClock = (ms: number): string => vn(ms).slice(11, 19);
/** HH:mm of an instant in Vietnam (messages and cards name when a broadcast ends). */
export const vnHourMinute = (ms: number): string => vn(ms).slice(11, 16);
/** The local (Asia/Ho_Chi_Minh) day of an instant, YYYY-MM-DD. */
export const vnIsoDay = (ms: number): string => vn(ms).slice(0, 10);
/** DD/MM/YYYY of a YYYY-MM-DD day. */
export const vnDay = (isoDay: string): string => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
