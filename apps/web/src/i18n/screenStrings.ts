/**
 * Vietnamese strings of screens that load on demand (Kết nối, Cập nhật phần mềm, Đăng ký loa): each
 * group's file registers itself here when a module that shows them imports it, so they load with
 * their screen and stay out of the console's first load (the 200 kB budget of docs/performance.md).
 * The English console has every group in its lazy English strings.
 */
const registered: Record<string, string> = {};

export function registerScreenStrings(strings: Record<string, string>): void {
  Object.assign(registered, strings);
}

export const screenString = (id: string): string | undefined => registered[id];
