/** The live panel's start and stop sounds (public/sounds, made by scripts/make-sounds.mjs). */
export type Cue = 'start' | 'stop';

const cueUrl = (cue: Cue) => `${import.meta.env.BASE_URL}sounds/${cue}.wav`;

/** Plays a cue; a browser that blocks autoplay simply stays silent. */
export function playCue(cue: Cue): void {
  try {
    const audio = new Audio(cueUrl(cue));
    void audio.play()?.catch(() => undefined);
  } catch {
    // No audio output (or no media support): the card change is still shown.
  }
}
