import { z } from 'zod';

/** GET /v1/client/tongquan: real counts; later features add their own sections. */
export const overviewSchema = z.object({
  taikhoan: z.object({ tong: z.number().int(), dangdangnhap: z.number().int() }),
  diaban: z.object({ tong: z.number().int(), theocap: z.record(z.string(), z.number().int()) }),
  thietbi: z.object({ tong: z.number().int(), online: z.number().int(), offline: z.number().int(), dangphat: z.number().int() }),
  nhatky: z.object({ homnay: z.number().int() }),
  /** Devices by area (areas that hold devices directly). */
  thietbitheodiaban: z.array(z.object({ _id: z.string(), tendiaban: z.string(), online: z.number().int(), offline: z.number().int(), dangphat: z.number().int() })),
  /** Broadcasts started today and this week (Vietnam time), in all and by message type (loaibantin id → count). */
  phathomnay: z.object({ tong: z.number().int(), theoloai: z.record(z.string(), z.number().int()) }),
  phattuannay: z.object({ tong: z.number().int(), theoloai: z.record(z.string(), z.number().int()) }),
  /** The next planned starts of approved schedules. */
  lichsapden: z.array(z.object({ idlichphat: z.string(), tieude: z.string(), batdau: z.number() })),
  /** Recent device faults (connection losses), newest first. */
  suco: z.array(z.object({ _id: z.string(), tenthietbi: z.string(), tendiaban: z.string(), thoigian: z.number(), lydo: z.string() })),
});
export type Overview = z.infer<typeof overviewSchema>;

/** GET /v1/client/cauhinh: server settings the console uses (map tiles). */
export const publicSettingsSchema = z.object({ maptileurl: z.string(), mapattribution: z.string() });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * GET /v1/health, for load balancers and monitors: 200 `{ status: 'ok' }` while this instance can
 * reach its database, 503 `{ status, message }` while it cannot serve: 'database_unreachable';
 * 'schema_newer', the database was migrated by a newer release than this instance; 'schema_failed',
 * this release could not migrate it (the instance then serves nothing until restarted with a fix).
 */
/** `canhbao`: what this instance lacks while it still serves (a Redis that went away: events do not cross instances). */
export const livenessSchema = z.object({ status: z.literal('ok'), canhbao: z.array(z.enum(['redis_unreachable'])).optional() });
export const livenessDownSchema = z.object({ status: z.enum(['database_unreachable', 'schema_newer', 'schema_failed', 'broker_refused']), message: z.string() });

/** GET /v1/client/hethong/suckhoe: process figures of the server instance that answered. */
export const systemHealthSchema = z.object({
  uptime: z.number(),
  rssMb: z.number(),
  heapMb: z.number(),
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  thietbi: z.object({ tong: z.number(), online: z.number() }),
  /** Clock requests of speakers answered, and ignored (over a device's rate, malformed), since the server started. */
  dongho: z.object({ traloi: z.number(), boqua: z.number() }),
  /**
   * Speakers' messages refused by the contract (docs/device-protocol.md "What the server refuses"),
   * rows the database refused alone, and speakers cut off for invalid messages, since the server started.
   */
  tinnhanthietbi: z.object({ tuchoi: z.number(), khongghiduoc: z.number(), ngatketnoi: z.number() }),
  broker: z.enum(['embedded', 'external']),
  database: z.enum(['pglite', 'postgres']),
  /** This instance among several (docs/architecture.md "Several servers and fail-over"): its id, whether it leads the scheduler, sessions it runs. */
  cum: z.object({ maychu: z.string(), dieuphoilich: z.boolean(), phiendangchay: z.number(), redis: z.enum(['ok', 'khongketnoi']).nullable() }),
});

/** Days of the bulletins-per-day chart, hours and days of the speakers-online charts. */
export const OVERVIEW_CHART_DAYS = 30;
export const OVERVIEW_COMPLETION_DAYS = 7;
export const OVERVIEW_TOP_OFFLINE = 10;

const onlinePointSchema = z.object({ thoidiem: z.number(), online: z.number().int(), tong: z.number().int() });

/**
 * GET /v1/client/tongquan/bieudo: the overview's charts, within the caller's area scope.
 * `bantintheongay`: bulletins started per Vietnam day (the last 30, oldest first) by message type.
 * `tructuyen24h` / `tructuyen7ngay`: speakers online at the end of each hour (24 points) and of each
 * six hours (28 points), of those registered then. `ngoaituyen`: the speakers offline longest over
 * the last 7 days (seconds). `hoanthanh`: per commune, scheduled occurrences of the last 7 days:
 * speaker plays planned against those the speakers reported, and occurrences missed; null without
 * the right to compose schedules (the as-run record's right).
 */
export const overviewChartsSchema = z.object({
  bantintheongay: z.array(z.object({ ngay: z.string(), tong: z.number().int(), theoloai: z.record(z.string(), z.number().int()) })),
  tructuyen24h: z.array(onlinePointSchema),
  tructuyen7ngay: z.array(onlinePointSchema),
  ngoaituyen: z.array(z.object({ _id: z.string(), tenthietbi: z.string(), tendiaban: z.string(), giayngoaituyen: z.number(), dangngoaituyen: z.boolean() })),
  hoanthanh: z.object({
    tu: z.string(),
    den: z.string(),
    items: z.array(z.object({ _id: z.string(), tendiaban: z.string(), solan: z.number().int(), bolo: z.number().int(), kehoach: z.number().int(), daphat: z.number().int() })),
  }).nullable(),
});
export type OverviewCharts = z.infer<typeof overviewChartsSchema>;
