import crypto from 'node:crypto';
import fs from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCOUNT_TYPE, NON_ADMIN_ACCOUNT_TYPE, RIGHTS } from '@loa/contract';
import { hashPassword } from './features/auth/password';
import { insertUser } from './features/accounts/accounts.queries';
import { localDate } from './features/schedules/recurrence';
import { makeMp3 } from '../test/audio';
import { TestClient, createTestAreas, startTestServer, type TestServer } from '../test/helpers';
import { edgeNumber, encodePiece, keepLocal, objectFor, oddString, rawBody, urlPiece, valueFor, wrongValue, type JsonSchema, type KnownValues } from '../test/fuzz/arbitraries';

/*
 * The fuzz tier: every operation of the OpenAPI description gets generated paths, queries and
 * bodies (wrong types, missing and extra fields, odd and huge strings, lone surrogates, NUL, numbers
 * at the edges, prototype keys, deep nesting, broken JSON, multipart where the route takes it) from
 * three callers: anonymous, a commune user with one right, and an administrator.
 *
 * Invariants, checked on every request: never a 500, an answer within REQUEST_TIMEOUT_MS, and on a
 * 4xx no change in the tables that hold what users make (TABLES; the system log is left out, a
 * refusal may be logged). After the whole run: /v1/health answers, and a fresh account can sign in
 * and read.
 *
 * FUZZ_SEED (default: the day number, so a rerun on the same day repeats) and FUZZ_RUNS (requests per
 * operation and caller, default 6) steer a run; FUZZ_ONLY="POST /v1/client/..." runs one operation.
 * Each failure prints the request, the caller and the line that reproduces it.
 *
 * Nothing is skipped. What a success would break is handled, not avoided:
 * - a success that signs the caller out, locks it, deletes it, changes its password, rights or area
 *   (logout, dang-xuat-thiet-bi, thaydoimatkhau, taikhoan/*) is followed by a fresh caller of the
 *   same kind, so later requests still come from who they claim to be;
 * - a success that starts a broadcast is followed by stopping every live broadcast, and the
 *   scheduler is stopped for the run, so nothing moves in the tables between two requests;
 * - a deleted fixture (device, channel, account, invitation...) is recreated before the next operation.
 * Generated URLs never leave 127.0.0.1 (keepLocal): relay sources, webhooks and the Telegram API
 * point at closed ports.
 */

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Date.now() / 86_400_000);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const ONLY = process.env.FUZZ_ONLY;
const REQUEST_TIMEOUT_MS = 15_000;
const TABLES = ['users', 'areas', 'devices', 'broadcasts', 'schedules', 'programmes', 'media', 'channels', 'invitations', 'notification_forwarding'];

type CallerKind = 'anonymous' | 'limited' | 'admin';

interface Operation {
  method: string;
  path: string;
  key: string;
  body?: JsonSchema;
  multipart: boolean;
  binary: boolean;
  query: { name: string; schema: JsonSchema; required: boolean }[];
  params: { name: string; schema: JsonSchema }[];
}

interface Caller {
  kind: CallerKind;
  client: TestClient;
  id?: string;
  expect?: string;
}

interface FuzzRequest {
  url: string;
  body?: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string | undefined } | { kind: 'form'; parts: FormPart[] } | { kind: 'binary'; bytes: Uint8Array; contentType: string };
}

type FormPart = { name: string; value: string } | { name: string; file: Uint8Array; filename: string; type: string };

let server: TestServer;
let adminId: string;
let areas: { district: string; communeA: string; communeB: string };
const callers = new Map<CallerKind, Caller>();
const known: KnownValues = { strings: [] };
/** Fixture ids by the path word of the operations that take them (thietbi → devices...). */
const byKind: Record<string, unknown[]> = {};
const failures: string[] = [];
let lastSnapshot: Record<string, string> | undefined;
/** Shrinking replays requests: all shrinking of a run shares this much time (FUZZ_SHRINK_SECONDS). */
let shrinkBudgetMs = Number(process.env.FUZZ_SHRINK_SECONDS ?? 60) * 1_000;
let freshCallers = 0;

function operations(spec: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]; summary?: string }>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(spec.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      ops.push({
        method, path: p, key: `${method} ${p}`,
        body: op.requestBody?.content['application/json']?.schema,
        // Routes that read multipart parts themselves have no body schema; their summary says so.
        multipart: !op.requestBody && method === 'POST' && /multipart/i.test(op.summary ?? ''),
        binary: method === 'PUT',
        query: params.filter((x) => x.in === 'query').map((x) => ({ name: x.name, schema: x.schema, required: !!x.required })),
        params: params.filter((x) => x.in === 'path').map((x) => ({ name: x.name, schema: x.schema })),
      });
    }
  }
  return ops;
}

function formParts(): fc.Arbitrary<FormPart[]> {
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((v) => JSON.stringify(v) ?? 'null');
  const text = fc.oneof(json(wrongValue(known)), json(objectFor({ properties: { tieude: { type: 'string' }, diabanchon: { type: 'array', items: { type: 'string' } }, thietbichon: { type: 'array', items: { type: 'string' } }, loaibantin: { type: 'integer' }, uutien: { type: 'integer' }, kieulaplai: { type: 'integer' }, thoigianlaplai: { type: 'number' }, solanlaplai: { type: 'integer' } } }, known)), oddString(known));
  const file = fc.record({
    name: fc.constantFrom('files', 'files', 'file', 'thongtin', '__proto__', ''),
    file: fc.oneof(fc.uint8Array({ maxLength: 4_000 }), fc.constant(new Uint8Array(makeMp3(1))), fc.constant(new TextEncoder().encode('<svg onload=alert(1)>'))),
    filename: fc.oneof(oddString(known), fc.constantFrom('a.mp3', '../../x.mp3', 'x.MP3', '.mp3', 'a'.repeat(300) + '.mp3', 'con\u0000.mp3', '\ud800.mp3')),
    type: fc.constantFrom('audio/mpeg', 'application/octet-stream', 'text/html', ''),
  });
  const field = fc.record({ name: fc.constantFrom('thongtin', 'nguonphat', 'files', '__proto__', 'constructor', 'x'), value: text });
  const anyParts = fc.array(fc.oneof({ weight: 2, arbitrary: field }, { weight: 1, arbitrary: file }), { maxLength: 6 });
  // A broadcast the console would send with one field of thongtin or of its source made odd: reaches past the first check.
  const validInfo = { tieude: 'Bản tin', loaibantin: 1, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 };
  const validSource = { kieunguon: 'Tiếp Sóng', thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: 60 };
  const oneOdd = (base: Record<string, unknown>) => fc.tuple(fc.constantFrom(...Object.keys(base), '__proto__', 'extra'), fc.oneof(wrongValue(known), edgeNumber()))
    .map(([k, v]) => ({ ...base, [k]: v }));
  const nearValid = fc.tuple(fc.oneof(oneOdd(validInfo), fc.constant(validInfo)), fc.oneof(oneOdd(validSource), fc.constant(validSource)), fc.boolean())
    .map(([info, source, withFile]): FormPart[] => [
      { name: 'thongtin', value: jsonText(info) }, { name: 'nguonphat', value: jsonText([source]) },
      ...(withFile ? [{ name: 'files', file: new Uint8Array(makeMp3(1)), filename: 'a.mp3', type: 'audio/mpeg' }] : []),
    ]);
  return fc.oneof(anyParts, nearValid);
}

/** A generated value as query text: objects (some without a prototype or with a toString that is no function) as JSON. */
function asText(v: unknown): string {
  if (typeof v !== 'object' || v === null) return String(v);
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const kind = Object.keys(byKind).find((k) => op.path.includes(`/${k}`));
  known.preferred = (kind ? byKind[kind] : []).filter((v): v is string => typeof v === 'string' && v.length > 0);
  const pathArb = fc.tuple(...op.params.map(() => fc.oneof(urlPiece(known), fc.constantFrom(...known.strings).map(encodePiece))))
    .map((values) => op.params.reduce((p, param, i) => p.replace(`{${param.name}}`, values[i]), op.path));
  const queryArb = fc.tuple(
    fc.tuple(...op.query.map((q) => fc.option(fc.oneof(valueFor(q.schema, known).map((v) => encodePiece(keepLocal(asText(v)))), urlPiece(known)), { nil: undefined, freq: q.required ? 8 : 2 }))),
    fc.array(fc.tuple(fc.constantFrom(...op.query.map((q) => q.name), '__proto__', 'x', 'id[]', 'constructor[prototype]'), urlPiece(known)), { maxLength: 2 }),
  ).map(([values, extra]) => {
    const pairs = [...op.query.map((q, i) => [q.name, values[i]] as const).filter(([, v]) => v !== undefined), ...extra];
    return pairs.length ? `?${pairs.map(([k, v]) => `${encodePiece(k)}=${v}`).join('&')}` : '';
  });
  let bodyArb: fc.Arbitrary<FuzzRequest['body']> = fc.constant(undefined);
  if (op.body) {
    bodyArb = fc.oneof(
      { weight: 8, arbitrary: valueFor(op.body, known).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 2, arbitrary: rawBody().map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (op.multipart) {
    bodyArb = fc.oneof(
      { weight: 6, arbitrary: formParts().map((parts) => ({ kind: 'form' as const, parts })) },
      { weight: 2, arbitrary: wrongValue(known).map((value) => ({ kind: 'json' as const, value })) },
      { weight: 1, arbitrary: rawBody().map((r) => ({ kind: 'raw' as const, ...r })) },
    );
  } else if (op.binary) {
    bodyArb = fc.oneof(
      fc.record({ kind: fc.constant('binary' as const), bytes: fc.oneof(fc.uint8Array({ maxLength: 8_000 }), fc.constant(new Uint8Array(makeMp3(1)))), contentType: fc.constantFrom('audio/mpeg', 'application/octet-stream', 'application/json', 'multipart/form-data') }),
      rawBody().map((r) => ({ kind: 'raw' as const, ...r })),
    );
  } else if (op.method !== 'GET') {
    bodyArb = fc.option(fc.oneof(wrongValue(known).map((value) => ({ kind: 'json' as const, value })), rawBody().map((r) => ({ kind: 'raw' as const, ...r }))), { nil: undefined });
  }
  return fc.record({ url: fc.tuple(pathArb, queryArb).map(([p, q]) => p + q), body: bodyArb });
}

async function send(client: TestClient, method: string, req: FuzzRequest) {
  const b = req.body;
  if (!b) return client.send(method, req.url, { timeoutMs: REQUEST_TIMEOUT_MS });
  if (b.kind === 'json') return client.send(method, req.url, { body: jsonText(b.value), contentType: 'application/json', timeoutMs: REQUEST_TIMEOUT_MS });
  if (b.kind === 'raw') return client.send(method, req.url, { body: b.text, contentType: b.contentType, timeoutMs: REQUEST_TIMEOUT_MS });
  if (b.kind === 'binary') return client.send(method, req.url, { body: new Blob([b.bytes as Uint8Array<ArrayBuffer>]), contentType: b.contentType, timeoutMs: REQUEST_TIMEOUT_MS });
  const form = new FormData();
  for (const part of b.parts) {
    if ('file' in part) form.append(part.name, new Blob([part.file as Uint8Array<ArrayBuffer>], { type: part.type }), part.filename);
    else form.append(part.name, part.value);
  }
  return client.send(method, req.url, { body: form, timeoutMs: REQUEST_TIMEOUT_MS });
}

/** Row counts and checksums of the tables users change; the system log is not among them. */
async function snapshot(): Promise<Record<string, string>> {
  const select = TABLES.map((t) => `(SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') FROM ${t} x) AS ${t}`).join(', ');
  const [row] = await server.db.query<Record<string, string>>(`SELECT ${select}`);
  return row;
}

const ADMIN_PASSWORD = `pw-${crypto.randomBytes(6).toString('hex')}`;
const ALL_RIGHTS = RIGHTS.map((r) => r.value);
const STATE_OF = "SELECT loaitaikhoan || quyenhan::text || coalesce(area_id, '') || locked || must_change_password AS s FROM users WHERE id = $1";

/** A commune user of the tenant with one right (composing schedules). */
async function newLimitedAccount(): Promise<{ id: string; tentaikhoan: string; password: string }> {
  const id = crypto.randomUUID();
  const account = { id, tentaikhoan: `fz_${crypto.randomBytes(5).toString('hex')}`, password: `pw-${crypto.randomBytes(6).toString('hex')}` };
  await insertUser(server.db, {
    id, tentaikhoan: account.tentaikhoan, passwordHash: await hashPassword(account.password), hoten: 'Cán bộ xã',
    loaitaikhoan: NON_ADMIN_ACCOUNT_TYPE, quyenhan: ['themsuaxoalichphat'], areaId: areas.communeA, adminId,
  });
  return account;
}

/**
 * A signed-in caller of the kind. The administrator is the tenant's own account: when a success
 * changed it (a new password, a lock), its row is put back before it signs in again.
 */
async function freshCaller(kind: CallerKind): Promise<Caller> {
  const client = new TestClient(server.url);
  if (kind === 'anonymous') return { kind, client };
  let account: { id: string; tentaikhoan: string; password: string };
  if (kind === 'admin') {
    const [row] = await server.db.query<{ tentaikhoan: string }>(
      `UPDATE users SET password_hash = $2, loaitaikhoan = $3, quyenhan = $4::jsonb, area_id = NULL, locked = false, must_change_password = false
       WHERE id = $1 RETURNING tentaikhoan`, [adminId, await hashPassword(ADMIN_PASSWORD), ADMIN_ACCOUNT_TYPE, JSON.stringify(ALL_RIGHTS)]);
    await server.db.query("DELETE FROM login_throttle WHERE lower(login_name) = lower($1) OR login_name LIKE lower($1) || '#%'", [row.tentaikhoan]);
    account = { id: adminId, tentaikhoan: row.tentaikhoan, password: ADMIN_PASSWORD };
  } else {
    account = await newLimitedAccount();
  }
  const login = await signInWaiting(client, account);
  if (login.status !== 200) throw new Error(`fuzz caller ${kind} could not sign in: ${login.status} ${JSON.stringify(login.body)}`);
  const [row] = await server.db.query<{ s: string }>(STATE_OF, [account.id]);
  known.strings.push(account.id, account.tentaikhoan);
  return { kind, client, id: account.id, expect: row.s };
}

/** Signs in; sign-ins are limited per address (30 a minute), so a run that signs in often waits its turn. */
async function signInWaiting(client: TestClient, account: { tentaikhoan: string; password: string }) {
  let login = await client.login(account);
  for (let i = 0; i < 3 && login.status === 429; i += 1) {
    await new Promise((r) => setTimeout(r, (Number(login.headers.get('retry-after')) || 60) * 1_000 + 500));
    login = await client.login(account);
  }
  return login;
}

/** After a success: is the caller still who it was, signed in? If not, a fresh one of the same kind. */
async function keepCaller(caller: Caller): Promise<void> {
  if (caller.kind === 'anonymous') {
    caller.client.cookies.clear();
    return;
  }
  const [row] = await server.db.query<{ s: string }>(STATE_OF, [caller.id]);
  const me = await caller.client.get('/v1/client/nguoidung/laythongtin');
  if (row?.s === caller.expect && me.status === 200) return;
  freshCallers += 1;
  callers.set(caller.kind, await freshCaller(caller.kind));
}

/** Objects to aim at, made through the API as the console would; recreated when a success deleted them. */
async function seed(): Promise<void> {
  const admin = callers.get('admin')!.client;
  const marker = crypto.randomBytes(4).toString('hex');
  const device = await admin.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa ${marker}`, diaban: areas.communeA, serial: `SN-${marker}` });
  const account = await admin.post('/v1/client/taikhoan/themmoi', { tentaikhoan: `acc_${marker}`, matkhau: 'mat-khau-dai', hoten: `Cán bộ ${marker}`, diaban: areas.communeA, quyenhan: ['xemnhatky'] });
  const invitation = await admin.post('/v1/client/loimoi/taomoi', { email: `moi${marker}@example.vn`, hoten: `Khách ${marker}` });
  const channel = await admin.post('/v1/client/kenh/themmoi', { tenkenh: `Kênh ${marker}`, url: 'http://127.0.0.1:9/kenh' });
  const programme = await admin.post('/v1/client/chuongtrinh/themmoi', { ten: `Chương trình ${marker}`, loaibantin: 1, nguonphat: [] });
  const schedule = await admin.post('/v1/client/lichphat/taolichphat', {
    tieude: `Lịch ${marker}`, nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 30, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 }],
    diabanchon: [areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan', thutrongtuan: [1], ngaybatdau: localDate(Date.now() + 30 * 86_400_000), ngayketthuc: localDate(Date.now() + 60 * 86_400_000), giophat: ['07:00:00'],
  });
  const upload = await admin.request('POST', '/v1/client/lichphat/uploadfile', (() => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(makeMp3(1))], { type: 'audio/mpeg' }), `tep-${marker}.mp3`);
    return form;
  })());
  const token = await admin.post('/v1/client/lichphat/geturlupload', { key: ['a.mp3'] });
  const mail = await admin.get('/v1/client/hopthu');
  const file = upload.body?.data?.[0];
  if (schedule.status !== 200) report(`fuzz: the fixture schedule was refused (${schedule.status} ${JSON.stringify(schedule.body)}): schedule ids are not aimed at`);
  byKind.thietbi = [device.body?.data?.thietbi?._id];
  byKind.taikhoan = [account.body?.data?._id, `acc_${marker}`];
  byKind.loimoi = [invitation.body?.data?._id];
  byKind.kenh = [channel.body?.data?._id];
  byKind.chuongtrinh = [programme.body?.data?._id];
  byKind.lichphat = [schedule.body?.data?._id ?? schedule.body?.data?.idlichphat, file?.url, file?.fileName];
  byKind.thuvien = [file?.url, file?.fileName];
  byKind.hopthu = [mail.body?.data?.[0]?._id];
  byKind.diaban = Object.values(areas);
  const found: unknown[] = [
    ...Object.values(areas), adminId, marker,
    device.body?.data?.thietbi?._id, device.body?.data?.thietbi?.serial, account.body?.data?._id, `acc_${marker}`,
    invitation.body?.data?._id, channel.body?.data?._id, programme.body?.data?._id, file?.url, file?.fileName,
    String(token.body?.data?.[0]?.url ?? '').split('/').pop(), mail.body?.data?.[0]?._id, 'espeak', 'mat-khau-dai',
  ];
  known.strings = [...new Set([...known.strings, ...found].filter((s): s is string => typeof s === 'string' && s.length > 0))].slice(-200);
}

async function stopEverythingLive(): Promise<void> {
  for (const live of server.app.engine.live()) await server.app.engine.stop(live.idlichphat, adminId);
}

/** JSON text of a generated value; nesting deeper than JSON.stringify's stack goes as raw text. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return '['.repeat(3_000) + ']'.repeat(3_000);
  }
}

function describeRequest(caller: Caller, op: Operation, req: FuzzRequest): string {
  const b = req.body;
  const body = !b ? '' : b.kind === 'json' ? `json ${jsonText(b.value)}` : b.kind === 'raw' ? `${b.contentType ?? '(no content-type)'} ${JSON.stringify(b.text)}`
    : b.kind === 'binary' ? `${b.contentType} <${b.bytes.length} bytes>` : `multipart ${JSON.stringify(b.parts.map((p) => ('file' in p ? { name: p.name, filename: p.filename, type: p.type, bytes: p.file.length } : p)))}`;
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} chars)` : body;
  return `${caller.kind}: ${op.method} ${req.url.length > 300 ? `${req.url.slice(0, 300)}…` : req.url} ${shown}`;
}

/** One request and its invariants; returns what went wrong, or null. */
async function exercise(kind: CallerKind, op: Operation, req: FuzzRequest): Promise<string | null> {
  const caller = callers.get(kind)!;
  // The state after the previous request (or the fixtures' setup): one snapshot per request.
  const before = lastSnapshot ?? await snapshot();
  lastSnapshot = undefined;
  let res: Awaited<ReturnType<typeof send>>;
  try {
    res = await send(caller.client, op.method, req);
  } catch (error) {
    // fetch's own message ("fetch failed") hides why: its cause says (reset, refused, timed out).
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return `no answer within ${REQUEST_TIMEOUT_MS} ms (${(error as Error).message}${cause ? `: ${[cause.code, cause.message].filter(Boolean).join(' ')}` : ''})`;
  }
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
  if (res.status >= 400) {
    const after = await snapshot();
    lastSnapshot = after;
    const changed = TABLES.filter((t) => before[t] !== after[t]);
    if (changed.length) return `answered ${res.status} (${res.text.slice(0, 160)}) but changed ${changed.join(', ')}`;
  } else {
    await stopEverythingLive();
    await keepCaller(caller);
  }
  return null;
}

/** Progress and failures as they come (console output is shown only when the test ends); FUZZ_REPORT names a file for them too. */
function report(line: string): void {
  console.log(line);
  if (process.env.FUZZ_REPORT) fs.appendFileSync(process.env.FUZZ_REPORT, `${line}\n`);
}

function seedFor(key: string): number {
  return crypto.createHash('sha256').update(`${SEED}:${key}`).digest().readInt32LE(0);
}

beforeAll(async () => {
  const t0 = performance.now();
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: 1_000_000, TELEGRAM_API_URL: 'http://127.0.0.1:1', FPT_TTS_URL: 'http://127.0.0.1:1', VIETTEL_TTS_URL: 'http://127.0.0.1:1' });
  // Schedules the fuzzer creates must not fire between two requests and change tables under a 4xx.
  await server.app.scheduler.stop();
  console.log(`fuzz: server in ${Math.round(performance.now() - t0)} ms`);
  adminId = crypto.randomUUID();
  await insertUser(server.db, { id: adminId, tentaikhoan: `fzadmin_${adminId.slice(0, 8)}`, passwordHash: '', hoten: 'Quản trị', loaitaikhoan: ADMIN_ACCOUNT_TYPE, quyenhan: ALL_RIGHTS, areaId: null, adminId });
  areas = await createTestAreas(server.db, adminId);
  for (const kind of ['anonymous', 'limited', 'admin'] as const) callers.set(kind, await freshCaller(kind));
  console.log(`fuzz: callers in ${Math.round(performance.now() - t0)} ms`);
  await seed();
  console.log(`fuzz: ready in ${Math.round(performance.now() - t0)} ms`);
  report(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ONLY=${ONLY}` : ''}`);
}, 300_000);

afterAll(() => server?.close());

describe('the API under generated requests', () => {
  // The budget is RUNS requests per operation and caller; the time limit only stops a run gone wrong.
  it('never answers 500, never hangs, and changes nothing when it refuses', { timeout: 120_000 + RUNS * 90_000 }, async () => {
    const ops = operations(server.app.swagger() as never).filter((op) => !ONLY || op.key === ONLY);
    expect(ops.length).toBeGreaterThan(0);
    const started = Date.now();
    for (const op of ops) {
      const [{ n }] = await server.db.query<{ n: number }>('SELECT (SELECT count(*) FROM devices WHERE admin_id = $1) * (SELECT count(*) FROM channels WHERE admin_id = $1) * (SELECT count(*) FROM programmes WHERE admin_id = $1) AS n', [adminId]);
      if (Number(n) === 0) await seed();
      if (process.env.FUZZ_REPORT) fs.appendFileSync(process.env.FUZZ_REPORT, `${Math.round((Date.now() - started) / 1000)} s ${op.key}\n`);
      for (const kind of ['anonymous', 'limited', 'admin'] as const) {
        lastSnapshot = undefined;
        const property = fc.asyncProperty(requestArb(op), async (req) => {
          const problem = await exercise(kind, op, req);
          if (problem) throw new Error(problem);
        });
        const seed = seedFor(`${op.key}:${kind}`);
        let details = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true });
        if (details.failed && details.counterexamplePath && shrinkBudgetMs > 0) {
          // Replays the failure and shrinks it towards a smaller request, within what is left of the budget.
          const t0 = Date.now();
          const shrunk = await fc.check(property, { seed, path: details.counterexamplePath, numRuns: RUNS, interruptAfterTimeLimit: Math.min(shrinkBudgetMs, 15_000), markInterruptAsFailure: false });
          shrinkBudgetMs -= Date.now() - t0;
          if (shrunk.failed && shrunk.counterexample) details = shrunk;
        }
        if (details.failed && details.counterexample) {
          const [req] = details.counterexample;
          const reason = (details.errorInstance as Error | undefined)?.message ?? 'failed';
          failures.push(`${describeRequest(callers.get(kind)!, op, req)}\n    → ${reason}\n    reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY='${op.key}' npm run test:fuzz`);
          report(`fuzz failure: ${failures.at(-1)}`);
        }
      }
    }
    report(`fuzz: ${ops.length} operations × 3 callers × ${RUNS} runs in ${Math.round((Date.now() - started) / 1000)} s, ${freshCallers} fresh callers after successes that changed them`);
    expect(failures, `seed ${SEED}: ${failures.length} failing operation(s)`).toEqual([]);
  });

  it('is still healthy afterwards: health answers, a real login and a real read work', async () => {
    const health = await new TestClient(server.url).get('/v1/health');
    expect(health.status).toBe(200);
    const client = new TestClient(server.url);
    const account = await newLimitedAccount();
    expect((await signInWaiting(client, account)).status).toBe(200);
    const devices = await client.get('/v1/client/thietbi/danhsachthietbi');
    expect(devices.status).toBe(200);
    expect((await client.get('/v1/client/nguoidung/laythongtin')).body.data.tentaikhoan).toBe(account.tentaikhoan);
  });
});
