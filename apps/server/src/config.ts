import { z } from 'zod';
import { VOICES, type VoiceId } from '@loa/contract';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DB_TIMEOUT_DEFAULTS } from './infra/dbFaults';
import { parseAllowList } from './infra/outboundPolicy';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A flag that is on unless set to a false value. */
const flagOn = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => !(v === '0' || v === 'false' || v === 'no'));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  /** A statement running longer is cancelled and answered 503; so is one waiting longer for a lock, or for a connection. */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(DB_TIMEOUT_DEFAULTS.statementSeconds),
  DB_LOCK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(DB_TIMEOUT_DEFAULTS.lockSeconds),
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(DB_TIMEOUT_DEFAULTS.connectSeconds),
  MQTT_URL: z.string().optional(),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  /** The external broker is a Mosquitto with the dynamic-security plugin: Loa keeps device accounts and rights there (MQTT_URL carries the admin user). */
  MQTT_DYNSEC: flag,
  REDIS_URL: z.string().optional(),
  /** Prefix of the keys Loa keeps in Redis (live voice streams), so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default('loa:'),
  ADMIN_USER: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: flag,
  TRUST_PROXY: flag,
  COOKIE_SECURE: flag,
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).default(900),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(60).default(30 * 24 * 3600),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  DEVICE_SILENCE_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * A speaker online this long without ever reporting its clock (an older agent that does not
   * synchronise) is shown with a clock fault and announced (issue #28): its plays are not in step.
   */
  DEVICE_CLOCK_REPORT_SECONDS: z.coerce.number().min(0.5).default(180),
  /** Where audio files are kept (default DATA_DIR/media). */
  MEDIA_DIR: z.string().optional(),
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  /** Text-to-speech: FPT.AI is offered when its key is set (FPT_TTS_URL points elsewhere for a proxy or a test fake). */
  FPT_TTS_URL: z.string().url().default('https://api.fpt.ai/hmi/tts/v5'),
  FPT_TTS_API_KEY: z.string().optional(),
  /** Text-to-speech: Viettel AI is offered when its token is set. */
  VIETTEL_TTS_URL: z.string().url().default('https://viettelai.vn/tts/speech_synthesis'),
  VIETTEL_TTS_TOKEN: z.string().optional(),
  /** Offline text-to-speech worker threads (default: the spare cores, 1 to 4). */
  TTS_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  /** Outgoing mail (invitations, e-mail verification): smtp(s)://user:pass@host:port; unset = .eml files in OUTBOX_DIR. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Loa <no-reply@loa.local>'),
  /** Where mail goes without SMTP_URL (default DATA_DIR/outbox); administrators read it through the API. */
  OUTBOX_DIR: z.string().optional(),
  /** The console's address as users reach it, for links in mail (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** Hours ahead each speaker's plan of scheduled occurrences covers (issue #30, docs/device-protocol.md "The plan"). */
  PLAN_HORIZON_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(24),
  /**
   * The Ed25519 public key agent packages are signed with (issue #31, docs/operations.md "Updating
   * boxes"): base64 of its SPKI DER, as `npm run sign:speaker -- --new-key` prints it. Unset: no
   * package can be uploaded.
   */
  LOA_UPDATE_PUBLIC_KEY: z.string().optional(),
  /** How often rollouts look for boxes to send an update to, ms. */
  UPDATE_DISPATCH_MS: z.coerce.number().int().min(50).default(5000),
  /** A box sent an update that has not answered is sent it again after this many seconds (it may have missed it). */
  UPDATE_RESEND_SECONDS: z.coerce.number().int().min(1).default(600),
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).default(7 * 24),
  EMAIL_VERIFY_TTL_HOURS: z.coerce.number().int().min(1).default(48),
  /**
   * Hosts the server may fetch from although they are not public (relay streams, webhooks): comma-separated
   * names (`radio.lan`, `*.lan`), addresses (`127.0.0.1`) or networks (`10.0.0.0/8`, `fd00::/8`). Empty: public only.
   */
  OUTBOUND_ALLOW_HOSTS: z.string().default('').refine(readableAllowList, 'danh sách không đọc được (tên máy, địa chỉ IP hoặc dải CIDR, cách nhau bởi dấu phẩy)'),
  /** Telegram Bot API base (a proxy or a test fake elsewhere). */
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /** Zalo Official Account API base (a proxy or a test fake elsewhere). */
  ZALO_API_URL: z.string().url().default('https://openapi.zalo.me'),
  /** A device offline this long raises a notification (default 10 minutes); checked every NOTIFY_SWEEP_SECONDS. */
  NOTIFY_DEVICE_OFFLINE_SECONDS: z.coerce.number().int().min(1).default(600),
  NOTIFY_SWEEP_SECONDS: z.coerce.number().min(0.05).default(30),
  /** A box's health is a device fault (notified once per episode) at this CPU temperature or above, °C (issue #31). */
  DEVICE_HEALTH_TEMP_MAX_C: z.coerce.number().min(30).max(150).default(80),
  /** …with less free disk than this, percent. */
  DEVICE_HEALTH_DISK_FREE_MIN_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** …with less free memory than this, percent. */
  DEVICE_HEALTH_MEMORY_FREE_MIN_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** Media in an S3-compatible object store instead of MEDIA_DIR when S3_BUCKET is set (presigned uploads). */
  S3_BUCKET: z.string().optional().transform((v) => v || undefined),
  /** e.g. http://127.0.0.1:9000 for MinIO; unset = AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset = the AWS SDK's default credential chain. */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO wants; 0 = virtual-hosted style. */
  S3_FORCE_PATH_STYLE: flagOn,
  /** Base URL devices fetch objects from (a public bucket or a CDN); unset = presigned GETs valid 24 h. */
  S3_PUBLIC_URL: z.string().url().optional(),
  // Edge limits (issue #15: slow clients, oversized packets, flooding devices)
  /** A request whose headers have not all arrived after this long is answered 408 and closed (slowloris). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(20),
  /** A request (headers and body) not received in full after this long is answered 408 and closed (slow bodies). */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0.1).default(300),
  /**
   * Audio responses (/media) open at once: per speaker that proves who it is (docs/device-protocol.md
   * "Audio addresses"; a speaker plays one item and may fetch a plan file), and per address for any
   * other client; beyond it 429. 0 = no limit. Per device, not per address: speakers on 4G share
   * addresses behind their carrier's NAT.
   */
  MEDIA_MAX_PER_DEVICE: z.coerce.number().int().min(0).default(4),
  MEDIA_MAX_PER_IP: z.coerce.number().int().min(0).default(64),
  /**
   * Stored audio held in memory to serve /media (disk store): files up to a quarter of this are read
   * once and every request is written from that copy (issue #29: a district's speakers all ask for
   * the same bulletin in the same second). 0 = always from disk.
   */
  MEDIA_MEMORY_MB: z.coerce.number().min(0).default(64),
  /** Connections waiting to be accepted (listen backlog; the kernel caps it at net.core.somaxconn, raise that too). */
  HTTP_BACKLOG: z.coerce.number().int().min(1).default(16_384),
  /**
   * A listener of its own for a caching tier's checks of speakers' audio addresses (nginx's
   * auth_request, deploy/nginx/loa-media-cache.conf): the same checks as /v1/thietbi/kiemtra/media/…
   * without the API's routing and hooks, over the tier's kept-alive connections (issue #29: a
   * district's ten thousand requests in a second). Unset: none. On MEDIA_CHECK_HOST, loopback by
   * default: only the tier should reach it.
   */
  MEDIA_CHECK_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  MEDIA_CHECK_HOST: z.string().default('127.0.0.1'),
  /** An audio response that could send nothing for this long (its reader stalled) is cut. */
  MEDIA_IDLE_SECONDS: z.coerce.number().min(1).default(120),
  /** The embedded broker disconnects a client sending an MQTT packet larger than this, CONNECT included (device messages are under 3 KB). */
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).default(16 * 1024),
  /** Messages (state and events, play history included) one device may publish per minute on the embedded broker before it is disconnected. */
  MQTT_DEVICE_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * A bulletin's first run starts this many ms after it is sent, so every speaker has the play
   * command before it and all start together on their synchronised clocks (issue #13).
   */
  PLAY_LEAD_MS: z.coerce.number().int().min(0).max(3000).default(600),
  // The province information-source system (issue #14, docs/interop.md)
  /** Base address of the province's API (Hệ thống thông tin nguồn); unset = no exchange. An operator's choice: it skips the private-address rule, as a speech provider's does. */
  HTTT_NGUON_URL: z.url({ protocol: /^https?$/, error: 'phải là địa chỉ http:// hoặc https://' }).optional(),
  /** This system's code at the province (mahethong in every batch). */
  HTTT_NGUON_MA: z.string().min(1).max(100).default('loa'),
  /** The key the province issued to this system, sent as `Authorization: Bearer` (never logged). */
  HTTT_NGUON_KHOA: z.string().optional(),
  /** How often the outbox is looked at when idle, ms. */
  HTTT_NGUON_POLL_MS: z.coerce.number().int().min(10).default(2000),
  /** Backoff of a failed send: the first wait, doubled each attempt up to the longest (ms). */
  HTTT_NGUON_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  HTTT_NGUON_RETRY_MAX_MS: z.coerce.number().int().min(10).default(5 * 60_000),
  /** One exchange with the province may take this long, ms. */
  HTTT_NGUON_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * CAP 1.2 sources polled for alerts (issue #14): Atom or RSS feeds of CAP, or CAP documents,
   * separated by commas or spaces. They belong to the ADMIN_USER administrator, whose rights and
   * area scope their alerts get; administrators add more on the Kết nối page.
   */
  CAP_FEEDS: z.string().default('').refine((v) => v.split(/[\s,]+/).filter(Boolean).every((u) => /^https?:\/\/\S+$/i.test(u)), 'mỗi nguồn CAP phải là một đường dẫn http(s)'),
  /** How often the CAP feeds are polled (with ETag / If-Modified-Since). */
  CAP_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  /** The voice and engine that speak the bulletins built from CAP alerts. */
  CAP_VOICE: z.enum(VOICES.map((v) => v.id) as [VoiceId, ...VoiceId[]]).default('banmaiace'),
  CAP_TTS_ENGINE: z.string().default('espeak'),
  /**
   * Start the speech engine's worker ahead of the first alert (at start when a feed or a key that
   * may broadcast exists, and when one is added), so an emergency bulletin is not delayed by it.
   */
  CAP_WARM_UP: flagOn,
});

export type Config = z.infer<typeof envSchema> & {
  /** In-memory database (tests): no DATA_DIR files. */
  inMemory?: boolean;
};

/** Reads the environment into a typed config with the embedded defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Cấu hình không hợp lệ: ${issue.path.join('.')}: ${issue.message}`);
  }
  const config = { ...parsed.data, ...overrides };
  if (config.MQTT_DYNSEC && !hasUser(config.MQTT_URL)) {
    throw new Error('Cấu hình không hợp lệ: MQTT_DYNSEC cần MQTT_URL có tài khoản quản trị của Mosquitto (mqtt://tên:mật-khẩu@máy:1883)');
  }
  return config;
}

function readableAllowList(text: string): boolean {
  try {
    parseAllowList(text);
    return true;
  } catch {
    return false;
  }
}

function hasUser(url: string | undefined): boolean {
  try {
    return !!url && new URL(url).username !== '';
  } catch {
    return false;
  }
}
