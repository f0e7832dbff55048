import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  PROVINCE_KINDS, provinceBatchSchema, provincePayloadError, type ProvinceBatchResult, type ProvinceEnvelope, type ProvinceKind,
} from '@loa/contract';

/**
 * A local fake of the province information-source system's API (an external third party), for the
 * exchange tests. It checks every request as the province would: the key, the batch's shape, each
 * message's kind, operation and fields (the contract's schemas of docs/interop.md), and the order
 * of an object's messages (a device is registered in a known area, nothing is changed after it was
 * deleted). It keeps each message once by its id and counts the ones it received again.
 */
export class FakeProvince {
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;
  /** Every message taken, once, in the order taken. */
  readonly taken: ProvinceEnvelope[] = [];
  private readonly ids = new Set<string>();
  /** Messages received again after they were taken (a retry after a lost answer): answered 'trunglap', not taken twice. */
  redelivered = 0;
  /** The ids of the messages it was sent again (it answered `trunglap`). */
  readonly redeliveredIds: string[] = [];
  /** What the fake found wrong (a bad key, a malformed batch or message, an order broken); a correct sender leaves it empty. */
  readonly problems: string[] = [];
  requests = 0;
  /** Messages refused on purpose (`refuseWhen`) are not problems. */
  refuseWhen: ((m: ProvinceEnvelope) => string | null) | null = null;
  /**
   * Answers this many of the next requests only after `ms` (to outlast the sender's timeout); with
   * `when`, only requests holding a message it matches (other senders' batches, such as the devices'
   * states, must not use the slow answer up).
   */
  slow: { count: number; ms: number; when?: (m: ProvinceEnvelope) => boolean } = { count: 0, ms: 0 };
  /** Areas and devices as the province knows them now. */
  readonly areas = new Map<string, Record<string, unknown>>();
  readonly devices = new Map<string, Record<string, unknown>>();
  /** Devices of other test files in the shared database: their reports are taken without a look and not kept. */
  ignoredDevices = new Set<string>();
  /** Audio the fake serves for its own bulletins (GET /tep/<name>). */
  readonly files = new Map<string, Buffer>();

  constructor(readonly key: string, private readonly strictOrder = true) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }

  get fileBase(): string {
    return `http://127.0.0.1:${this.port}/tep`;
  }

  /** Listens (again) on its port; the first time on an ephemeral one. */
  async up(): Promise<void> {
    if (this.server) return;
    const server = http.createServer((req, res) => void this.handle(req, res));
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections are refused until `up()`. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  of(kind: ProvinceKind): ProvinceEnvelope[] {
    return this.taken.filter((m) => m.loai === kind);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/tep/')) {
      const name = url.pathname.slice(5);
      let decoded = name;
      try { decoded = decodeURIComponent(name); } catch { /* a bad escape (%ZZ): the name as written */ }
      const file = this.files.get(decoded);
      return file ? send(200, file, 'audio/mpeg') : send(404, { loi: 'Không có tệp' });
    }
    this.requests += 1;
    const kind = /^\/api\/([a-z]+)$/.exec(url.pathname)?.[1] as ProvinceKind | undefined;
    if (req.method !== 'POST' || !kind || !PROVINCE_KINDS.includes(kind)) {
      this.problems.push(`unexpected ${req.method} ${url.pathname}`);
      return send(404, { loi: 'Không có đường dẫn này' });
    }
    if (req.headers.authorization !== `Bearer ${this.key}`) {
      this.problems.push(`bad key on ${url.pathname}`);
      return send(401, { loi: 'Khoá kết nối không hợp lệ' });
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) this.problems.push('content-type is not JSON');
    let json: unknown;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      this.problems.push('body is not JSON');
      return send(400, { loi: 'Dữ liệu không phải JSON' });
    }
    const batch = provinceBatchSchema.safeParse(json);
    if (!batch.success) {
      this.problems.push(`malformed batch: ${JSON.stringify(batch.error.issues[0])}`);
      return send(400, { loi: 'Lô thông điệp không đúng định dạng' });
    }
    if (this.slow.count > 0 && (!this.slow.when || batch.data.danhsach.some(this.slow.when))) {
      this.slow.count -= 1;
      await new Promise((r) => setTimeout(r, this.slow.ms));
    }
    const ketqua: ProvinceBatchResult['ketqua'] = batch.data.danhsach.map((m) => this.take(kind, m));
    send(200, { ketqua });
  }

  private take(kind: ProvinceKind, m: ProvinceEnvelope): ProvinceBatchResult['ketqua'][number] {
    const refuse = (loi: string) => ({ idthongdiep: m.idthongdiep, trangthai: 'tuchoi' as const, loi });
    if (this.ids.has(m.idthongdiep)) {
      this.redelivered += 1;
      this.redeliveredIds.push(m.idthongdiep);
      return { idthongdiep: m.idthongdiep, trangthai: 'trunglap' };
    }
    const about = (m.dulieu as { mathietbi?: unknown }).mathietbi;
    if (typeof about === 'string' && this.ignoredDevices.has(about)) return { idthongdiep: m.idthongdiep, trangthai: 'danhan' };
    if (m.loai !== kind) {
      this.problems.push(`${m.idthongdiep}: loai ${m.loai} posted to /${kind}`);
      return refuse('Sai loại thông điệp');
    }
    const error = provincePayloadError(m);
    if (error) {
      this.problems.push(`${m.loai}/${m.thaotac} ${m.idthongdiep}: ${error}`);
      return refuse(error);
    }
    const orderError = this.strictOrder ? this.orderError(m) : null;
    if (orderError) {
      this.problems.push(`${m.loai}/${m.thaotac} ${m.idthongdiep}: ${orderError}`);
      return refuse(orderError);
    }
    const refused = this.refuseWhen?.(m);
    if (refused) return refuse(refused);
    this.ids.add(m.idthongdiep);
    this.taken.push(m);
    this.apply(m);
    return { idthongdiep: m.idthongdiep, trangthai: 'danhan' };
  }

  /** What the province would refuse for the order of an object's messages. */
  private orderError(m: ProvinceEnvelope): string | null {
    const d = m.dulieu as Record<string, string | null>;
    if (m.loai === 'diaban' && m.thaotac !== 'xoa' && d.madiabancha && !this.areas.has(d.madiabancha)) return 'địa bàn cha chưa được đăng ký';
    if (m.loai === 'thietbi' && m.thaotac !== 'xoa' && !this.areas.has(String(d.madiaban))) return 'thiết bị thuộc địa bàn chưa được đăng ký';
    if ((m.loai === 'trangthaithietbi' || m.loai === 'nhatkyphat') && !this.devices.has(String(d.mathietbi))) return 'thiết bị chưa được đăng ký';
    if (m.loai === 'thietbi' && m.thaotac === 'xoa' && !this.devices.has(String(d.mathietbi))) return 'xoá thiết bị chưa đăng ký';
    return null;
  }

  private apply(m: ProvinceEnvelope): void {
    const d = m.dulieu as Record<string, string>;
    if (m.loai === 'diaban') {
      if (m.thaotac === 'xoa') this.areas.delete(d.madiaban);
      else this.areas.set(d.madiaban, m.dulieu);
    } else if (m.loai === 'thietbi') {
      if (m.thaotac === 'xoa') this.devices.delete(d.mathietbi);
      else this.devices.set(d.mathietbi, m.dulieu);
    }
  }
}
