/** When a schedule fires: the one occurrence function, shared with the console (packages/contract). */
export { firesOn, firstOverlap, hasAnyOccurrence, localDate, nextOccurrence, occurrencesBetween, ruleDaysBetween, VN_OFFSET_MS, type Overlap, type Recurrence } from '@loa/contract';
