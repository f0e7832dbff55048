import { z, type ZodType } from 'zod';
import { FIELD_LABELS, MSG, isProductMessage } from '@loa/contract';
import type { FastifyInstance } from 'fastify';

z.config(z.locales.vi());

/** Turns the first zod issue into one Vietnamese sentence that names the field. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  if (isProductMessage(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.');
  if (!field) return `${MSG.bodyInvalid} ${issue.message}`;
  const label = FIELD_LABELS[String(issue.path[0])] ?? field;
  return `Trường "${label}" (${field}) không hợp lệ: ${issue.message}`;
}

export class ValidationError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** Validates request parts with the contract's zod schemas and answers Vietnamese messages. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data ?? {});
    if (result.success) return { value: result.data };
    return { error: new ValidationError(describeIssue(result.error.issues[0])) };
  });
  // Response schemas document the API (OpenAPI); answers are written as the services build them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
