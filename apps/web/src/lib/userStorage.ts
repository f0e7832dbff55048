import type { User } from '@loa/contract';

/** localStorage key of the logged-in user (spec §3: kept locally with userID and DeviceID). */
export const USER_STORAGE_KEY = 'loa.user';
/** The login-device id survives a logout so the next login reuses it. */
export const DEVICE_ID_STORAGE_KEY = 'loa.deviceId';

/** Reads the stored user, or null when absent or unreadable. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as User;
    return user && typeof user === 'object' && typeof user.tentaikhoan === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** Saves the user and remembers its login-device id. */
export function writeStoredUser(user: User): void {
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  if (user.DeviceID) localStorage.setItem(DEVICE_ID_STORAGE_KEY, user.DeviceID);
}

/** Removes the local user data (the device id is kept for the next login). */
export function clearStoredUser(): void {
  localStorage.removeItem(USER_STORAGE_KEY);
}

/** The DeviceID of a previous login on this browser, if any. */
export function readStoredDeviceId(): string | null {
  return localStorage.getItem(DEVICE_ID_STORAGE_KEY);
}
