import { MESSAGE_TYPES, MSG, SCHEDULE_MESSAGES, type Programme } from '@loa/contract';
import type { SourceList } from '../broadcast/sources/sourceList';
import { storedSourcesOf } from '../broadcast/sources/storedSources';
import type { ProgrammeBody } from './api';
import { errorBeside } from '../../lib/fieldErrors';

/** What the programme editor's fields hold. */
export interface ProgrammeForm {
  ten: string;
  loaibantin: number | null;
}

export const formOfProgramme = (programme?: Programme): ProgrammeForm => ({ ten: programme?.ten ?? '', loaibantin: programme?.loaibantin ?? null });

/** The first problem that stops saving; null when the programme may be sent. */
export function programmeFormError(form: ProgrammeForm, sourceCount: number): string | null {
  if (!form.ten.trim()) return SCHEDULE_MESSAGES.programmeNameRequired;
  if (!form.loaibantin || !MESSAGE_TYPES.some((m) => m.id === form.loaibantin)) return MSG.noMessageType;
  if (sourceCount === 0) return MSG.noSources;
  return null;
}

type ProgrammeField = 'ten' | 'loaibantin' | 'nguonphat';
export type ProgrammeFieldErrors = Partial<Record<ProgrammeField, string>>;

/** The field each check of programmeFormError points at. */
const FIELD_OF_MESSAGE: Record<string, ProgrammeField> = {
  [SCHEDULE_MESSAGES.programmeNameRequired]: 'ten',
  [MSG.noMessageType]: 'loaibantin',
  [MSG.noSources]: 'nguonphat',
};

/** The field a check's message (programmeFormError) belongs beside. */
export function programmeFieldError(message: string | null): ProgrammeFieldErrors {
  return errorBeside(FIELD_OF_MESSAGE, message);
}

/** The themmoi / capnhat body: every FILE source must already name its stored file (see withStoredFiles). */
export function buildProgrammeBody(form: ProgrammeForm, list: SourceList): ProgrammeBody {
  return { ten: form.ten.trim(), loaibantin: form.loaibantin ?? 0, nguonphat: storedSourcesOf(list) };
}
