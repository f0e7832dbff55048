import type { Multipart } from '@fastify/multipart';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, MSG } from '@loa/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const MAX_FORM_FIELDS = 20;

/** Limits of every multipart upload (registered with @fastify/multipart, so no route is without them). */
export const MULTIPART_LIMITS = {
  fileSize: MAX_UPLOAD_BYTES,
  files: MAX_UPLOAD_FILES,
  fields: MAX_FORM_FIELDS,
  fieldSize: 5 * 1024 * 1024,
  parts: MAX_UPLOAD_FILES + MAX_FORM_FIELDS,
  headerPairs: 100,
};

/** What each @fastify/multipart refusal tells the user: which limit, not a generic "too large". */
const BY_CODE: Record<string, AppError> = {
  FST_FILES_LIMIT: new AppError(413, MSG.tooManyFiles),
  FST_FIELDS_LIMIT: new AppError(413, MSG.tooManyFormFields),
  FST_PARTS_LIMIT: new AppError(413, MSG.tooManyFormParts),
  FST_REQ_FILE_TOO_LARGE: new AppError(413, BROADCAST_MESSAGES.fileTooLarge),
  FST_PROTO_VIOLATION: new AppError(400, MSG.formFieldNameInvalid),
  FST_INVALID_JSON_FIELD_ERROR: new AppError(400, MSG.bodyInvalid),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError(400, MSG.formNotMultipart),
  FST_MP_PREMATURE_CLOSE: new AppError(400, MSG.formMalformed),
};

/** The user-facing refusal for a multipart error code, or null for other errors. */
export function multipartRefusal(error: { code?: string }): AppError | null {
  return (error.code && BY_CODE[error.code]) || null;
}

/**
 * The parts of a multipart request, refusing what the parser flags: limits reached (by their
 * code), a field cut at fieldSize (busboy truncates silently), and a malformed body (busboy throws
 * plain errors that would otherwise be a 500).
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let step: IteratorResult<Multipart>;
    try {
      step = await parts.next();
    } catch (error) {
      throw multipartRefusal(error as { code?: string }) ?? new AppError(400, MSG.formMalformed);
    }
    if (step.done) return;
    const part = step.value;
    if (part.type === 'field' && (part.valueTruncated || part.fieldnameTruncated)) throw new AppError(413, MSG.formFieldTooLong);
    yield part;
  }
}
