import fs from 'node:fs';
import path from 'node:path';
import { MSG, localeOfAcceptLanguage, localizeMessage } from '@loa/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { databaseFault } from './dbFaults';
import { ValidationError } from './validation';
import { multipartRefusal } from './multipartLimits';
import { sendWebConsole } from './webConsole';

const API_PREFIXES = ['/v1/', '/socket.io/', '/docs', '/mqtt'];

/**
 * One error shape for the whole API: `{ message }`, never internals; in Vietnamese unless the
 * request asks for English (the console sends its language as Accept-Language).
 */
export function useErrorHandling(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || !('message' in payload) || typeof payload.message !== 'string') return payload;
    const locale = localeOfAcceptLanguage(request.headers['accept-language']);
    return locale === 'vi' ? payload : { ...payload, message: localizeMessage(payload.message, locale) };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.code(error.statusCode).send({ message: error.message, ...error.extra });
    if (error instanceof ValidationError || error.validation) return reply.code(400).send({ message: error.message });
    const refusal = multipartRefusal(error);
    if (refusal) return reply.code(refusal.statusCode).send({ message: refusal.message });
    // The database down, cut off or too slow: a retryable 503 in Vietnamese, never a 500 or a hang.
    const fault = databaseFault(error);
    if (fault) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send({ message: fault === 'busy' ? MSG.databaseBusy : MSG.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: MSG.bodyTooLarge });
    if (status === 429) return reply.code(429).send({ message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: MSG.bodyInvalid });
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MSG.serverError });
  });

  // Unknown paths: JSON under the API, the console (client-side routes) everywhere else.
  const indexFile = path.join(app.config.WEB_DIST, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    // A missing file (an old asset after a rebuild) is a 404, not the console page.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0]);
    if (!isApi && !looksLikeFile && request.method === 'GET' && fs.existsSync(indexFile)) {
      return sendWebConsole(reply);
    }
    return reply.code(404).send({ message: MSG.notFound });
  });
}
