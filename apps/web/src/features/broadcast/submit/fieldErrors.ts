import { MSG } from '@loa/contract';
import { errorBeside } from '../../../lib/fieldErrors';

/** The parts of a broadcast form a check (`broadcastError`, spec §5) can point at. */
export type BroadcastField = 'tieude' | 'uutien' | 'loaibantin' | 'diabanchon' | 'thietbichon' | 'nguonphat' | 'thoigianlaplai' | 'solanlaplai';
export type BroadcastFieldErrors = Partial<Record<BroadcastField, string>>;

const FIELD_OF_MESSAGE: Record<string, BroadcastField> = {
  [MSG.noMessageType]: 'loaibantin',
  [MSG.noPriority]: 'uutien',
  [MSG.noArea]: 'diabanchon',
  [MSG.noDevice]: 'thietbichon',
  [MSG.noProgramName]: 'tieude',
  [MSG.noSources]: 'nguonphat',
  [MSG.repeatIntervalMin]: 'thoigianlaplai',
  [MSG.repeatCountMin]: 'solanlaplai',
  [MSG.repeatCountWhole]: 'solanlaplai',
};

/** The field a check's message belongs beside (none: an empty map, the message stays in the snackbar only). */
export function fieldErrorOf(message: string | null): BroadcastFieldErrors {
  return errorBeside(FIELD_OF_MESSAGE, message);
}

/** The checked fields a change of the form touches (the interval is typed in minutes, checked in seconds; a new repeat mode re-asks both). */
export function changedFields(patch: object): BroadcastField[] {
  return Object.keys(patch).flatMap((key): BroadcastField[] => {
    if (key === 'intervalMinutes') return ['thoigianlaplai'];
    if (key === 'kieulaplai') return ['thoigianlaplai', 'solanlaplai'];
    return [key as BroadcastField];
  });
}
