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

/** The stores the servers of a province share: a fresh database on the machine's PostgreSQL and a private Redis. */
export interface SharedStores {
  scratch: ScratchDatabase;
  redis: { url: string; stop: () => Promise<void> };
  /** DATABASE_URL, REDIS_URL and a key prefix of its own. */
  env: Record<string, string>;
  stop: () => Promise<void>;
}

/** Creates `<prefix>_<random>` on clusterPostgresUrl() and starts a private Redis. */
export async function startSharedStores(prefix = 'loa_fault'): Promise<SharedStores> {
  const scratch = await createScratchDatabase(clusterPostgresUrl(), prefix);
  let redis: SharedStores['redis'];
  try {
    redis = await startRedis();
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  return {
    scratch, redis,
    env: { DATABASE_URL: scratch.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: `loa-cluster-${crypto.randomBytes(3).toString('hex')}:` },
    stop: async () => {
      await redis.stop();
      await scratch.drop();
    },
  };
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
  const stores = await startSharedStores();
  const mosquitto = await startDynsecMosquitto();
  return {
    scratch: stores.scratch, mosquitto, redis: stores.redis,
    env: { ...stores.env, MQTT_URL: mosquitto.adminUrl, MQTT_DYNSEC: '1', RATE_LIMIT_PER_MINUTE: '100000', ...extraEnv },
    stop: async () => {
      await mosquitto.stop();
      await stores.stop();
    },
  };
}
