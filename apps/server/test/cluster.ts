import crypto from 'node:crypto';
import { startDynsecMosquitto, type DynsecMosquitto } from './mosquitto';
import { startRedis } from './redis';
import { createScratchDatabase, type ScratchDatabase } from './scratchDatabase';

/** The PostgreSQL server of the cluster tier (LOA_CLUSTER_PG); in CI its absence is an error, not a pass. */
export function clusterPostgresUrl(): string {
  const url = process.env.LOA_CLUSTER_PG ?? (process.env.CI === 'true' ? null : 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!url) throw new Error('LOA_CLUSTER_PG is not set: the cluster tier needs PostgreSQL in CI (.ci/run sets it)');
  return url;
}

/** What the servers of a province share, started for one test file: a fresh database, the broker, Redis. */
export interface ClusterParts {
  scratch: ScratchDatabase;
  mosquitto: DynsecMosquitto;
  redis: { url: string; stop: () => Promise<void> };
  /** The environment every server of the cluster gets. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startClusterParts(extraEnv: Record<string, string> = {}): Promise<ClusterParts> {
  const scratch = await createScratchDatabase(clusterPostgresUrl());
  const mosquitto = await startDynsecMosquitto();
  const redis = await startRedis();
  return {
    scratch, mosquitto, redis,
    env: {
      DATABASE_URL: scratch.url, MQTT_URL: mosquitto.adminUrl, MQTT_DYNSEC: '1', REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `loa-cluster-${crypto.randomBytes(3).toString('hex')}:`, RATE_LIMIT_PER_MINUTE: '100000', ...extraEnv,
    },
    stop: async () => {
      await redis.stop();
      await mosquitto.stop();
      await scratch.drop();
    },
  };
}
