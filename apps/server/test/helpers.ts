import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SpeakerAgentOptions } from '@loa/speaker';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ADMIN_ACCOUNT_TYPE, CSRF_COOKIE, CSRF_HEADER, RIGHTS, type ServerToClientEvents } from '@loa/contract';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/infra/db';
import { migrate } from '../src/db/migrate';
import { insertUser } from '../src/features/accounts/accounts.queries';
import { hashPassword } from '../src/features/auth/password';
import { workerDatabaseUrl } from './workerDatabase';

const holder = globalThis as { __loaTestDb?: Promise<Db> };

/** One database per test worker: in-memory PGlite, or the worker's own database on DATABASE_URL's PostgreSQL. */
export function sharedDb(): Promise<Db> {
  holder.__loaTestDb ??= (async () => {
    const db = await openDb({ databaseUrl: workerDatabaseUrl(), inMemory: true });
    await migrate(db);
    return db;
  })();
  return holder.__loaTestDb;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** The server's own temporary DATA_DIR (media, outbox mail), removed by close(). */
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * Starts the real app on an ephemeral port with the shared database (or `database`, left open by
 * close()). Everything it writes (media, outbox mail, anything else under DATA_DIR) goes to a
 * temporary folder that close() removes. `webFiles`: a built console to serve (path in it →
 * content), written to that folder as its WEB_DIST. `host`: the address it listens on (127.0.0.1; the
 * network tier's is the host end of its namespaces' links).
 */
export async function startTestServer(
  overrides: Partial<Config> = {}, database?: Db, { webFiles, host = '127.0.0.1' }: { webFiles?: Record<string, string | Uint8Array>; host?: string } = {},
): Promise<TestServer> {
  const db = database ?? await sharedDb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-server-'));
  const removeDataDir = () => fs.promises.rm(dataDir, { recursive: true, force: true });
  try {
    const webDist = path.join(dataDir, 'web');
    for (const [name, content] of Object.entries(webFiles ?? {})) {
      fs.mkdirSync(path.dirname(path.join(webDist, name)), { recursive: true });
      fs.writeFileSync(path.join(webDist, name), content);
    }
    const config = loadConfig({}, {
      PORT: 0, MQTT_PORT: 0, HOST: '127.0.0.1', inMemory: true, LOG_LEVEL: 'silent', DEMO: false,
      ADMIN_PASSWORD: 'admin-test-password', WEB_DIST: '/nonexistent-loa-web-dist',
      // Relays and webhooks of the tests point at local servers (127.0.0.1): allowed by the administrator's
      // list, as a deployment would; the outbound tests start servers with their own list.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      // Tests share a database: keys of other tests would start a speech worker in every server.
      CAP_WARM_UP: false,
      DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media'), ...(webFiles ? { WEB_DIST: webDist } : {}), ...overrides,
    });
    const app = await buildApp({ config, db, logger: false });
    try {
      await app.listen({ port: 0, host });
    } catch (error) {
      await app.close();
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return {
      app, db, url: `http://${host}:${port}`, dataDir,
      close: async () => {
        try {
          await app.close();
        } finally {
          await removeDataDir();
        }
      },
    };
  } catch (error) {
    await removeDataDir();
    throw error;
  }
}

export interface TestUser {
  id: string;
  tentaikhoan: string;
  password: string;
}

/** Creates an account directly in the database (each test its own, so tests never collide). */
export async function createTestUser(db: Db, opts: { rights?: string[]; admin?: boolean; adminId?: string; hoten?: string } = {}): Promise<TestUser> {
  const id = crypto.randomUUID();
  const tentaikhoan = `u_${crypto.randomBytes(5).toString('hex')}`;
  const password = `pw-${crypto.randomBytes(6).toString('hex')}`;
  await insertUser(db, {
    id, tentaikhoan, passwordHash: await hashPassword(password), hoten: opts.hoten ?? 'Người Thử Nghiệm',
    loaitaikhoan: opts.admin ? ADMIN_ACCOUNT_TYPE : 'canbo', quyenhan: opts.rights ?? RIGHTS.map((r) => r.value),
    areaId: null, adminId: opts.adminId ?? id,
  });
  return { id, tentaikhoan, password };
}

/** A browser-like HTTP client: keeps cookies and echoes the CSRF cookie in its header. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Headers sent with every request (e.g. X-Forwarded-For, to come from another address behind TRUST_PROXY). */
  readonly headers: Record<string, string> = {};

  constructor(readonly baseUrl: string, readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36') {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, opts: { csrf?: boolean } = {}): Promise<{ status: number; body: any; headers: Headers }> {
    const isForm = body instanceof FormData;
    const res = await this.send(method, path, {
      csrf: opts.csrf,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      contentType: body !== undefined && !isForm ? 'application/json' : undefined,
    });
    let parsed: unknown = res.text;
    try { parsed = JSON.parse(res.text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** A request with any body and content type (the fuzz tier sends what no browser would), cookies kept. */
  async send(method: string, path: string, opts: { body?: string | FormData | Blob; contentType?: string; csrf?: boolean; timeoutMs?: number } = {}): Promise<{ status: number; text: string; headers: Headers }> {
    if (method !== 'GET' && opts.csrf !== false && !this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/v1/client/csrf');
    const headers: Record<string, string> = { ...this.headers, 'user-agent': this.userAgent, cookie: this.cookieHeader };
    if (opts.contentType !== undefined) headers['content-type'] = opts.contentType;
    if (method !== 'GET' && opts.csrf !== false) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    // As the console does not, but a GET that changes state (the spec's dungphatngay) asks for it.
    else if (opts.csrf !== false && this.cookies.has(CSRF_COOKIE)) headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE)!;
    const signal = opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined;
    const response = await fetch(this.baseUrl + path, { method, headers, body: opts.body, signal });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }

  async login(user: { tentaikhoan: string; password: string }, extra: Record<string, unknown> = {}) {
    return this.post('/v1/client/login', { tentaikhoan: user.tentaikhoan, password: user.password, DiaDiem: 'Quảng Trị', ...extra });
  }

  /** Opens the console's Socket.IO connection with this client's cookies. */
  async socket(): Promise<Socket<ServerToClientEvents>> {
    const socket: Socket<ServerToClientEvents> = connectSocket(this.baseUrl, { transports: ['websocket'], extraHeaders: { cookie: this.cookieHeader }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => reject(e));
    });
    return socket;
  }
}

/** Creates an area tree for one administrator: a district and two communes. */
export async function createTestAreas(db: Db, adminId: string): Promise<{ district: string; communeA: string; communeB: string }> {
  const { insertArea } = await import('../src/features/areas/areas.queries');
  const ids = { district: crypto.randomUUID(), communeA: crypto.randomUUID(), communeB: crypto.randomUUID() };
  await insertArea(db, { id: ids.district, ten: `Huyện ${ids.district.slice(0, 4)}`, cap: 'huyen', parentId: null, adminId });
  await insertArea(db, { id: ids.communeA, ten: 'Xã A', cap: 'xa', parentId: ids.district, adminId });
  await insertArea(db, { id: ids.communeB, ten: 'Xã B', cap: 'xa', parentId: ids.district, adminId });
  return ids;
}

/** An administrator with an area tree, signed in. */
export async function signedInAdmin(server: TestServer) {
  const admin = await createTestUser(server.db, { admin: true });
  const areas = await createTestAreas(server.db, admin.id);
  const client = new TestClient(server.url);
  await client.login(admin);
  return { admin, areas, client };
}

/** Waits until `check` returns a truthy value (polling), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, stepMs = 50): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Uploads audio as the console does (geturlupload, then PUT with the session's cookies), answering its stored key. */
export async function uploadAudio(server: TestServer, client: TestClient, name: string, mp3: Buffer): Promise<string> {
  const [address] = (await client.post('/v1/client/lichphat/geturlupload', { key: [name] })).body.data;
  const put = await fetch(server.url + address.url, {
    method: 'PUT', body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg', cookie: client.cookieHeader, [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE)! },
  });
  if (put.status !== 204) throw new Error(`upload of ${name} answered ${put.status}`);
  return address.fields.key as string;
}

/** Registers `count` speakers in an area through the API and runs them as real agents (silent players; `fetchAudio` opens each item's URL). */
export async function startSpeakers(
  server: TestServer, client: TestClient, areaId: string, count: number,
  opts: { namePrefix?: string; fetchAudio?: boolean; audioBaseUrl?: string; agent?: (index: number) => Partial<SpeakerAgentOptions> } = {},
) {
  const { SpeakerAgent, SilentPlayer } = await import('@loa/speaker');
  const agents: InstanceType<typeof SpeakerAgent>[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: `${opts.namePrefix ?? 'Loa'} ${i + 1}`, diaban: areaId, serial: `SP-${crypto.randomBytes(6).toString('hex')}` });
    if (res.status !== 200) throw new Error(`could not add a device: ${res.body.message}`);
    const agent = new SpeakerAgent({
      mqttUrl: `mqtt://127.0.0.1:${server.app.broker.tcpPort}`, deviceId: res.body.data.thietbi._id, secret: res.body.data.secret, reconnectBaseMs: 200, audioBaseUrl: opts.audioBaseUrl,
      // Silent players as documented, even where mpg123 is installed: without a sound card it would
      // spin and outlive the test (it ignores SIGTERM while it cannot open the output).
      player: new SilentPlayer({ fetchAudio: opts.fetchAudio ?? false }),
      ...opts.agent?.(i),
    });
    await agent.start();
    agents.push(agent);
  }
  // Each agent has its configuration (areas) before the test sends anything.
  await eventually(() => agents.every((a) => a.areas.length > 0), 3000);
  return agents;
}

/** A multipart body as the console sends it: thongtin, nguonphat, then the files. */
export function broadcastForm(thongtin: unknown, nguonphat: unknown, files: { name: string; data: Buffer }[] = []): FormData {
  const form = new FormData();
  form.append('thongtin', JSON.stringify(thongtin));
  form.append('nguonphat', JSON.stringify(nguonphat));
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: 'audio/mpeg' }), f.name);
  return form;
}
