/** The messages between the server and its check-listener thread (mediaCheckServer.ts, mediaCheckWorker.ts). */
import type { MediaQuery, MediaRefusal } from './mediaAccess';
import type { CheckLesson, DeviceKeysUpdate } from './mediaCheckMirror';

/** Where a caching tier checks a speaker's audio request at the API (media.routes.ts): `<prefix>` + the request's own path and query. The listener takes paths with or without it. */
export const MEDIA_CHECK_PREFIX = '/v1/thietbi/kiemtra';

export interface MediaCheckWorkerData {
  entry: string;
  host: string;
  port: number;
  backlog?: number;
}

/** One request to check: the stored file's key, the address's parts and the speaker's address. */
export interface CheckQuestion extends MediaQuery {
  id: number;
  key: string;
  ip: string;
}

/**
 * A check's id and outcome: null the speaker may have the file, a refusal, or 'error' (the check
 * failed: 500); with what the thread did not know yet and may decide alone from now (CheckMirror).
 */
export type CheckAnswer = [id: number, outcome: MediaRefusal | null | 'error', lesson?: CheckLesson];

export type FromCheckThread =
  | { op: 'ready'; port: number }
  | { op: 'failed'; message: string; code?: string }
  | { op: 'checks'; questions: CheckQuestion[] }
  | { op: 'closed' };

export type ToCheckThread = { op: 'answers'; answers: CheckAnswer[] } | ({ op: 'devices' } & DeviceKeysUpdate) | { op: 'close' };
