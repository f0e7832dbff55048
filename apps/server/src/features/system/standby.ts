import Fastify, { type FastifyInstance } from 'fastify';
import { MSG } from '@loa/contract';
import type { Config } from '../../config';
import { MigrationFailedError, SchemaNewerError } from '../../db/migrate';
import { BrokerRefusedError } from '../../infra/broker';

/**
 * Why the server does not serve: a newer release migrated its database, or this one could not
 * (it stays so until an operator acts); or the external broker refused its credentials (it tries again).
 */
export type SchemaProblem = SchemaNewerError | MigrationFailedError | BrokerRefusedError;

export function isSchemaProblem(error: unknown): error is SchemaProblem {
  return error instanceof SchemaNewerError || error instanceof MigrationFailedError || error instanceof BrokerRefusedError;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The server in standby: the database's schema is not this build's, so nothing runs (no broker,
 * no scheduler, no playout, no writes) and every request is answered 503, the health endpoint with
 * the reason, so a load balancer keeps the instance out and its operator sees why. The process
 * stays up instead of exiting: a service manager restarting it would only meet the same database.
 */
export async function buildStandbyApp(config: Config, problem: SchemaProblem): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: config.LOG_LEVEL }, trustProxy: config.TRUST_PROXY });
  const newer = problem instanceof SchemaNewerError;
  if (problem instanceof BrokerRefusedError) {
    app.log.error({ broker: problem.host }, `${problem.message}: not serving; check the user name and password in MQTT_URL (and the broker's account); trying again`);
    app.get('/v1/health', async (_request, reply) => reply.code(503).header('retry-after', '15').send({ status: 'broker_refused' as const, message: MSG.brokerRefused }));
    app.setNotFoundHandler((_request, reply) => reply.code(503).header('retry-after', '15').send({ message: MSG.brokerRefused }));
    return app;
  }
  const status = newer ? 'schema_newer' as const : 'schema_failed' as const;
  const message = newer ? MSG.schemaNewer : MSG.schemaMigrationFailed;
  app.log.error(
    newer ? { unknown: problem.unknown, latestKnown: problem.latestKnown } : { migration: problem.migration, err: problem.cause },
    newer
      ? 'the database schema is newer than this build (a newer release migrated it): not serving; run the newer release, or restore a backup made for this one'
      : 'a migration failed and was rolled back: not serving; the database is as it was before this start',
  );
  app.get('/v1/health', async (_request, reply) => reply.code(503).send({ status, message }));
  app.setNotFoundHandler((request, reply) => {
    reply.code(503).header('retry-after', '60');
    if (request.method === 'GET' && !request.url.startsWith('/v1/')) {
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="vi"><meta charset="utf-8"><title>Loa</title><p>${escapeHtml(message)}</p></html>`);
    }
    return reply.send({ message });
  });
  return app;
}
