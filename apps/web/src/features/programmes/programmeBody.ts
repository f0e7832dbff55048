import { MESSAGE_TYPES, MSG, SCHEDULE_MESSAGES, type Programme } from '@loa/contract';
import type { SourceList } from '../broadcast/sources/sourceList';
import { storedSourcesOf } from '../broadcast/sources/storedSources';
import type { ProgrammeBody } from './api';

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

/** The themmoi / capnhat body: every FILE source must already name its stored file (see withStoredFiles). */
export function buildProgrammeBody(form: ProgrammeForm, list: SourceList): ProgrammeBody {
  return { ten: form.ten.trim(), loaibantin: form.loaibantin ?? 0, nguonphat: storedSourcesOf(list) };
}
