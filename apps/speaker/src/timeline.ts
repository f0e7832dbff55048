/** Where a wall-clock offset falls in a session's timeline. */
export interface TimelinePosition {
  /** Index of the item playing at that offset. */
  index: number;
  /** Seconds into that item. */
  position: number;
}

/**
 * Finds the item and the position within it at `offsetSeconds` from the start of a timeline of
 * items played back to back. A negative offset (the session has not begun) is item 0 at 0;
 * an offset at or past the end is null (the whole timeline is over). Zero-length items are skipped.
 */
export function locateInTimeline(items: readonly { duration: number }[], offsetSeconds: number): TimelinePosition | null {
  let start = 0;
  const offset = Math.max(0, offsetSeconds);
  for (let index = 0; index < items.length; index += 1) {
    const end = start + items[index].duration;
    if (offset < end) return { index, position: offset - start };
    start = end;
  }
  return null;
}

/** Seconds from the start of the timeline to the start of item `index`. */
export function itemStartOffset(items: readonly { duration: number }[], index: number): number {
  let start = 0;
  for (let i = 0; i < index && i < items.length; i += 1) start += items[i].duration;
  return start;
}
