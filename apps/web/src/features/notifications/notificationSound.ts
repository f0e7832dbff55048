/** Id of the drawer's audio element (spec §2: the drawer holds the notification sound). */
export const NOTIFICATION_SOUND_ID = 'notification-sound';
export const NOTIFICATION_SOUND_SRC = '/sounds/notify.wav';

/** Plays the drawer's sound from the start; browsers may refuse before the first click, which is fine. */
export function playNotificationSound(): void {
  const audio = document.getElementById(NOTIFICATION_SOUND_ID);
  if (!(audio instanceof HTMLAudioElement)) return;
  try {
    audio.currentTime = 0;
    const playing = audio.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  } catch {
    // no audio output: the badge still shows the news
  }
}
