import { z, type ZodType } from 'zod';
import { FIELD_LABELS, INPUT_MESSAGES as M, MSG, findUnsafeText } from '@loa/contract';
import type { FastifyInstance } from 'fastify';

z.config(z.locales.vi());

type Path = readonly PropertyKey[];

/** The label of the field a path names: its last named part, as FIELD_LABELS calls it. */
export function fieldLabel(path: Path): string {
  const named = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  if (named === undefined) return 'dữ liệu gửi lên';
  return FIELD_LABELS[named] ?? named;
}

const bound = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString('vi-VN') : String(value));

/**
 * Our own sentence for each kind of zod issue (issue #15 item 12): the field's label and what is
 * wrong with it, never the validator's wording. Messages a schema sets itself outrank this.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
  const label = fieldLabel(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return M.required(label);
      return M.mustBe(label, M.kinds[issue.expected] ?? M.kinds.string);
    case 'too_small': {
      const n = bound(issue.minimum);
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? M.empty(label) : M.minLength(label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return M.minItems(label, n);
      return M.minNumber(label, n, issue.inclusive !== false);
    }
    case 'too_big': {
      const n = bound(issue.maximum);
      if (issue.origin === 'string') return M.maxLength(label, n);
      if (issue.origin === 'array' || issue.origin === 'set') return M.maxItems(label, n);
      return M.maxNumber(label, n, issue.inclusive !== false);
    }
    case 'not_multiple_of':
      return M.multipleOf(label, bound(issue.divisor));
    case 'invalid_format':
      return M.format(label, M.formats[issue.format] ?? M.formats.regex);
    case 'invalid_value':
      return M.oneOf(label, issue.values.map((v) => String(v)).join(', '));
    case 'unrecognized_keys':
      return M.unknownFields(issue.keys.map((k) => `"${FIELD_LABELS[k] ?? k}"`).join(', '));
    default:
      return M.invalid(label);
  }
}

/** The message of the first issue: a schema's own message as it is, else our sentence. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.message || MSG.bodyInvalid;
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** Parses with a contract schema and throws one Vietnamese 400 naming the field (for values read by hand, e.g. multipart fields). */
export function parseInput<T extends ZodType>(schema: T, value: unknown, prefix: PropertyKey[] = []): z.output<T> {
  assertSafeText(value, prefix);
  const result = schema.safeParse(value, { error: (issue) => issueMessage({ ...issue, path: [...prefix, ...(issue.path ?? [])] }) });
  if (result.success) return result.data;
  throw new ValidationError(describeIssue(result.error.issues[0]));
}

/**
 * Refuses text PostgreSQL cannot store (NUL, a lone surrogate) anywhere in a value, keys included,
 * before anything is written (issue #15 item 6).
 */
export function assertSafeText(value: unknown, prefix: PropertyKey[] = []): void {
  const path = findUnsafeText(value);
  if (path) throw new ValidationError(M.unsafeText(fieldLabel([...prefix, ...path])));
}

/** Validates request parts with the contract's zod schemas and answers Vietnamese messages. */
export function useZodValidation(app: FastifyInstance): void {
  // Every parsed body, query and path parameter, with a schema or without one.
  app.addHook('preValidation', async (request) => {
    assertSafeText(request.params);
    assertSafeText(request.query);
    assertSafeText(request.body);
  });
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data ?? {}, { error: issueMessage });
    if (result.success) return { value: result.data };
    return { error: new ValidationError(describeIssue(result.error.issues[0])) };
  });
  // Response schemas document the API (OpenAPI); answers are written as the services build them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
