import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import { knownMigrations, unknownMigrations } from '../../db/migrate';

/** Process figures for operators and benchmarks: memory and event-loop delay since the last reset. */
export class HealthMonitor {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly startedAt = Date.now();

  constructor() {
    this.histogram.enable();
  }

  snapshot(reset = false) {
    const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
    const h = this.histogram;
    const figures = {
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      eventLoopDelayMs: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) },
    };
    if (reset) h.reset();
    return figures;
  }

  stop(): void {
    this.histogram.disable();
  }
}

/** A health check answered from one ping at a time: a flood of health requests costs the database one statement a second. */
const PING_REUSE_MS = 1_000;

/** Whether the database answers, for the health endpoint. */
export class DatabaseHealth {
  private checking: Promise<boolean> | null = null;
  private last = { at: 0, ok: true };

  constructor(private readonly db: Db) {}

  reachable(): Promise<boolean> {
    if (this.checking) return this.checking;
    if (Date.now() - this.last.at < PING_REUSE_MS) return Promise.resolve(this.last.ok);
    this.checking = this.db.ping().then(() => true, () => false).then((ok) => {
      this.last = { at: Date.now(), ok };
      this.checking = null;
      return ok;
    });
    return this.checking;
  }
}

/** How often a running instance looks again whether a newer release migrated its database. */
const SCHEMA_RECHECK_MS = 30_000;

/**
 * Whether another instance of a newer release has migrated the shared database under this one
 * (a province upgraded one server at a time): then this instance's queries may no longer fit the
 * schema, and the health endpoint takes it out of the load balancer. Logged once.
 */
export class SchemaWatch {
  private last = { at: Date.now(), unknown: [] as string[] };
  private checking: Promise<string[]> | null = null;

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly recheckMs = SCHEMA_RECHECK_MS) {}

  /** Migrations in the database that this build does not know (empty: the schema is this build's). */
  unknown(): Promise<string[]> {
    if (this.checking) return this.checking;
    if (Date.now() - this.last.at < this.recheckMs) return Promise.resolve(this.last.unknown);
    this.checking = unknownMigrations(this.db).then((unknown) => {
      if (unknown.length > 0 && this.last.unknown.length === 0) {
        this.log.error({ unknown, latestKnown: knownMigrations().at(-1) }, 'a newer release has migrated the database: this instance answers 503 on /v1/health until it is upgraded');
      }
      this.last = { at: Date.now(), unknown };
      return unknown;
    }, () => this.last.unknown).finally(() => {
      this.checking = null;
    });
    return this.checking;
  }
}
