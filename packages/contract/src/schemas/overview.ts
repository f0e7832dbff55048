import { z } from 'zod';

/** GET /v1/client/tongquan: real counts; later features add their own sections. */
export const overviewSchema = z.object({
  taikhoan: z.object({ tong: z.number().int(), dangdangnhap: z.number().int() }),
  diaban: z.object({ tong: z.number().int(), theocap: z.record(z.string(), z.number().int()) }),
  thietbi: z.object({ tong: z.number().int(), online: z.number().int(), offline: z.number().int(), dangphat: z.number().int() }),
  nhatky: z.object({ homnay: z.number().int() }),
});
export type Overview = z.infer<typeof overviewSchema>;

/** GET /v1/client/cauhinh: server settings the console uses (map tiles). */
export const publicSettingsSchema = z.object({ maptileurl: z.string(), mapattribution: z.string() });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** GET /v1/client/hethong/suckhoe: process figures of the server instance that answered. */
export const systemHealthSchema = z.object({
  uptime: z.number(),
  rssMb: z.number(),
  heapMb: z.number(),
  eventLoopDelayMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
  thietbi: z.object({ tong: z.number(), online: z.number() }),
  broker: z.enum(['embedded', 'external']),
  database: z.enum(['pglite', 'postgres']),
});
