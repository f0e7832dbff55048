import { z } from 'zod';

/** CAP 1.2 (OASIS Common Alerting Protocol) alerts received by Loa (issue #14 item 3). */
export const CAP_NAMESPACE = 'urn:oasis:names:tc:emergency:cap:1.2';
/** Largest CAP document or feed Loa reads (a CAP alert is a few kilobytes). */
export const CAP_MAX_BYTES = 1024 * 1024;
/**
 * Largest area an alert may draw: a warning polygon has tens to hundreds of points and a
 * province's outline a few thousand; beyond these an alert is refused before any geometry.
 */
export const CAP_MAX_POLYGON_POINTS = 5_000;
export const CAP_MAX_ALERT_POINTS = 10_000;
/** Polygons and circles of one alert together. */
export const CAP_MAX_SHAPES = 100;

export const CAP_STATUSES = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;
export const CAP_MSG_TYPES = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
export const CAP_SCOPES = ['Public', 'Restricted', 'Private'] as const;
export const CAP_CATEGORIES = ['Geo', 'Met', 'Safety', 'Security', 'Rescue', 'Fire', 'Health', 'Env', 'Transport', 'Infra', 'CBRNE', 'Other'] as const;
export const CAP_RESPONSE_TYPES = ['Shelter', 'Evacuate', 'Prepare', 'Execute', 'Avoid', 'Monitor', 'Assess', 'AllClear', 'None'] as const;
export const CAP_URGENCIES = ['Immediate', 'Expected', 'Future', 'Past', 'Unknown'] as const;
export const CAP_SEVERITIES = ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown'] as const;
export const CAP_CERTAINTIES = ['Observed', 'Likely', 'Possible', 'Unlikely', 'Unknown'] as const;

/** Vietnamese words for the CAP values a bulletin reads out and the console shows. */
export const CAP_LABELS = {
  severity: { Extreme: 'Cực kỳ nghiêm trọng', Severe: 'Nghiêm trọng', Moderate: 'Trung bình', Minor: 'Nhẹ', Unknown: 'Chưa rõ' },
  urgency: { Immediate: 'Khẩn cấp, cần hành động ngay', Expected: 'Cần hành động sớm, trong vòng một giờ', Future: 'Cần chuẩn bị', Past: 'Đã qua', Unknown: 'Chưa rõ' },
  msgType: { Alert: 'Cảnh báo', Update: 'Cập nhật', Cancel: 'Huỷ', Ack: 'Xác nhận', Error: 'Báo lỗi' },
} as const;

export const CAP_MESSAGES = {
  empty: 'Không có nội dung cảnh báo CAP (cần tài liệu XML trong thân yêu cầu)!',
  notXml: 'Hãy gửi cảnh báo CAP dạng XML (Content-Type: application/cap+xml, application/xml hoặc text/xml)!',
  tooLarge: `Tài liệu CAP vượt quá ${CAP_MAX_BYTES / 1024 / 1024} MB, Loa không nhận!`,
  doctype: 'Tài liệu XML có khai báo DOCTYPE hoặc thực thể (ENTITY): Loa không chấp nhận (chống mở rộng thực thể và thực thể bên ngoài)!',
  malformed: 'Tài liệu XML không hợp lệ: {reason}',
  notCap: 'Tài liệu không phải cảnh báo CAP 1.2 (cần phần tử <alert> thuộc không gian tên urn:oasis:names:tc:emergency:cap:1.2)!',
  invalid: 'Cảnh báo CAP không đúng lược đồ CAP 1.2: {detail}',
  noInfo: 'Cảnh báo CAP không có phần <info> nào để phát!',
  noArea: 'Cảnh báo CAP không có vùng cảnh báo xác định được (<area> với <geocode>, <polygon> hoặc <circle>), Loa không biết phát ở đâu!',
  unknownGeocodes: 'Mã địa bàn (geocode) không có trong hệ thống: {codes}',
  noAreaMatched: 'Không có địa bàn nào của Loa nằm trong vùng cảnh báo (đa giác, hình tròn hoặc mã địa bàn)!',
  outOfScope: 'Vùng cảnh báo gồm địa bàn ngoài phạm vi quản lý của khoá API hoặc tài khoản này: {areas}',
  polygonTooLarge: `Đa giác <polygon> thứ {n} của cảnh báo có {count} điểm, vượt quá giới hạn ${CAP_MAX_POLYGON_POINTS} điểm mỗi đa giác: Loa không nhận. Hãy đơn giản hoá đa giác hoặc dùng mã địa bàn (geocode)!`,
  alertTooLarge: `Các đa giác của cảnh báo có tổng cộng {count} điểm, vượt quá giới hạn ${CAP_MAX_ALERT_POINTS} điểm mỗi cảnh báo: Loa không nhận. Hãy đơn giản hoá vùng cảnh báo hoặc dùng mã địa bàn (geocode)!`,
  tooManyShapes: `Cảnh báo có {count} đa giác và hình tròn, vượt quá giới hạn ${CAP_MAX_SHAPES} mỗi cảnh báo: Loa không nhận. Hãy gộp vùng cảnh báo hoặc dùng mã địa bàn (geocode)!`,
  tooSlow: 'Xử lý cảnh báo CAP vượt quá thời gian cho phép ({ms} ms), Loa không nhận: hãy gửi tài liệu nhỏ hơn, vùng cảnh báo đơn giản hơn hoặc dùng mã địa bàn (geocode)!',
  expired: 'Cảnh báo CAP đã hết hạn lúc {expires} (<expires>), Loa không phát!',
  refsOutOfScope: 'Cảnh báo được tham chiếu ({alerts}) không thuộc phạm vi quản lý của khoá API hoặc tài khoản này, Loa không thay đổi!',
  noDevices: 'Các địa bàn trong vùng cảnh báo chưa có thiết bị nào!',
  duplicate: 'Cảnh báo này đã được nhận trước đó (cùng sender, identifier và sent), không xử lý lại.',
  feedUrlInvalid: 'Địa chỉ nguồn CAP phải là đường dẫn http(s) hợp lệ!',
  feedExists: 'Nguồn CAP này đã có!',
  feedUnknown: 'Nguồn CAP không tồn tại hoặc không thuộc quyền quản lý của bạn!',
  feedFromConfig: 'Nguồn CAP này được cấu hình trên máy chủ (CAP_FEEDS), không xoá được ở đây!',
  feedStatus: 'Nguồn CAP trả về mã HTTP {status}',
  feedGaveUp: 'bỏ qua sau {n} lần thử không lấy được',
  feedPending: '{n} tài liệu cảnh báo chưa lấy được, sẽ thử lại',
  feedUnreadable: 'Nguồn CAP không phải Atom, RSS hay cảnh báo CAP!',
} as const;

const previously = (done: string | null) => (done ? ` Trước đó: ${done}.` : '');

/**
 * What became of an alert, in words (its note on Kết nối and the receipt's thongbao). One sentence
 * each, so each has its English wording (messagesEn); lists of what was undone are joined with '; '.
 */
export const CAP_NOTES = {
  cancelled: (done: string) => `Đã huỷ: ${done}.`,
  nothingCancelled: 'Không tìm thấy cảnh báo được huỷ.',
  notBroadcastType: (msgType: string) => `Loại tin "${msgType}" không cần phát.`,
  notBroadcastStatus: (status: string) => `Tin có trạng thái "${status}" không được phát.`,
  broadcastNow: (areas: string, waiting: string | null, done: string | null) => `Phát ngay tới ${areas}${waiting ? `; ${waiting}` : ''}.${previously(done)}`,
  draft: (areas: string, severity: string, urgency: string, done: string | null) => `Bản nháp chờ duyệt cho ${areas}. Mức độ: ${severity}; khẩn cấp: ${urgency}.${previously(done)}`,
  stoppedBulletin: (title: string) => `dừng bản tin "${title}"`,
  removedDraft: (title: string) => `xoá bản nháp "${title}"`,
  unchanged: (title: string, reason: string) => `không thay đổi được "${title}": ${reason}`,
  nothingLeft: 'cảnh báo trước đã kết thúc, không còn gì để dừng',
  waiting: (title: string, speakers: number) => `chờ bản tin "${title}" kết thúc trên ${speakers} loa`,
  serverError: 'lỗi máy chủ',
} as const;

/**
 * An administrator's policy for alerts: 'tudong' broadcasts Extreme or Severe alerts of Immediate
 * urgency at once (the default); 'duyet' makes every alert a draft awaiting approval.
 */
export const CAP_POLICIES = ['tudong', 'duyet'] as const;
export type CapPolicy = (typeof CAP_POLICIES)[number];
export const capPolicySchema = z.object({ chinhsach: z.enum(CAP_POLICIES, { error: 'Chính sách cảnh báo phải là "tudong" hoặc "duyet"!' }) });

/**
 * What an alert became: 'tuchoi' refused (its reason in ghichu), 'hethan' refused because its
 * <expires> had passed (never broadcast).
 */
export const CAP_OUTCOMES = ['dangxuly', 'phat', 'nhap', 'capnhat', 'huy', 'boqua', 'loi', 'tuchoi', 'hethan'] as const;
/** Outcomes of alerts that were refused: listed, but their identity is not taken (they may be sent again). */
export const CAP_REFUSED_OUTCOMES = ['tuchoi', 'hethan'] as const;
export type CapOutcome = (typeof CAP_OUTCOMES)[number];

/** A received alert as the Kết nối page lists it. */
export const capAlertSchema = z.object({
  _id: z.string(),
  sender: z.string(),
  identifier: z.string(),
  sent: z.string(),
  msgType: z.string(),
  status: z.string(),
  nguon: z.enum(['api', 'feed']),
  tennguon: z.string(),
  tieude: z.string(),
  sukien: z.string(),
  mucdo: z.string(),
  khancap: z.string(),
  diaban: z.array(z.object({ _id: z.string(), tendiaban: z.string() })),
  ketqua: z.enum(CAP_OUTCOMES),
  ghichu: z.string().nullable(),
  /** The bulletin it started (phatngay id) or the draft schedule awaiting approval. */
  idphatngay: z.string().nullable(),
  idlichphat: z.string().nullable(),
  thaythebang: z.string().nullable(),
  thoigiannhan: z.string(),
});
export type CapAlert = z.infer<typeof capAlertSchema>;

/** The answer to POST /v1/client/cap. */
export const capReceiptSchema = z.object({
  _id: z.string(),
  ketqua: z.enum([...CAP_OUTCOMES, 'trung'] as const),
  thongbao: z.string(),
  idphatngay: z.string().nullable(),
  idlichphat: z.string().nullable(),
  diaban: z.array(z.object({ _id: z.string(), tendiaban: z.string() })),
});
export type CapReceipt = z.infer<typeof capReceiptSchema>;

export const capFeedSchema = z.object({
  _id: z.string(),
  url: z.string(),
  cauhinh: z.boolean(),
  lanlaycuoi: z.string().nullable(),
  lanthanhcongcuoi: z.string().nullable(),
  loi: z.string().nullable(),
  socanhbao: z.number().int(),
});
export type CapFeed = z.infer<typeof capFeedSchema>;

export const capFeedCreateBodySchema = z.object({
  url: z.string({ error: CAP_MESSAGES.feedUrlInvalid }).trim().min(1, CAP_MESSAGES.feedUrlInvalid).max(2000, CAP_MESSAGES.feedUrlInvalid)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), CAP_MESSAGES.feedUrlInvalid),
});
export const capFeedIdBodySchema = z.object({ id: z.string({ error: CAP_MESSAGES.feedUnknown }).min(1, CAP_MESSAGES.feedUnknown).max(64) });

/**
 * Where an area lies: the code CAP geocodes name it by (mã đơn vị hành chính) and an optional
 * GeoJSON boundary (Polygon or MultiPolygon, [longitude, latitude]).
 */
export const AREA_GEOGRAPHY_MESSAGES = {
  geocodeInvalid: 'Mã địa bàn (geocode) chỉ gồm chữ, số và các dấu . _ - (tối đa 64 ký tự)!',
  geocodeTaken: 'Mã địa bàn (geocode) này đã được dùng cho địa bàn khác!',
  boundaryInvalid: 'Ranh giới phải là GeoJSON Polygon hoặc MultiPolygon (toạ độ [kinh độ, vĩ độ], mỗi vòng khép kín, ít nhất 4 điểm)!',
  importInvalid: 'Tệp GeoJSON phải là FeatureCollection (hoặc Feature) có thuộc tính "ma" (mã địa bàn) hoặc "ten" (tên địa bàn) ở mỗi vùng!',
  importNoMatch: 'Không vùng nào trong tệp khớp với địa bàn trong phạm vi quản lý của bạn (theo mã hoặc tên)!',
} as const;

const badBoundary = { error: AREA_GEOGRAPHY_MESSAGES.boundaryInvalid };
const position = z.tuple([z.number(badBoundary).min(-180, badBoundary).max(180, badBoundary), z.number(badBoundary).min(-90, badBoundary).max(90, badBoundary)], badBoundary).rest(z.number(badBoundary));
// Sizes bounded by refinements rather than maxItems where a commune's outline may need many
// points: the bound holds all the same, and generated documents (the fuzz tier) stay small.
const MAX_POINTS = 200_000;
const ring = z.array(position, badBoundary).min(4, badBoundary)
  .refine((r) => r.length <= MAX_POINTS && r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1], badBoundary);
const polygonRings = z.array(ring, badBoundary).min(1, badBoundary).max(20, badBoundary);
const points = (polygons: unknown[][][]) => polygons.reduce((n, rings) => n + rings.reduce((m, r) => m + r.length, 0), 0);
export const boundarySchema = z.union([
  z.object({ type: z.literal('Polygon', badBoundary), coordinates: polygonRings.refine((rings) => points([rings]) <= MAX_POINTS, badBoundary) }),
  z.object({ type: z.literal('MultiPolygon', badBoundary), coordinates: z.array(polygonRings, badBoundary).min(1, badBoundary).max(100, badBoundary).refine((polygons) => points(polygons) <= MAX_POINTS, badBoundary) }),
], { error: AREA_GEOGRAPHY_MESSAGES.boundaryInvalid });
export type Boundary = z.infer<typeof boundarySchema>;

export const areaGeographySchema = z.object({
  _id: z.string(),
  tendiaban: z.string(),
  cap: z.string(),
  idcha: z.string().nullable(),
  mahanhchinh: z.string().nullable(),
  ranhgioi: boundarySchema.nullable(),
});
export type AreaGeography = z.infer<typeof areaGeographySchema>;

export const areaGeographyBodySchema = z.object({
  id: z.string().min(1).max(64),
  mahanhchinh: z.string().trim().max(64, AREA_GEOGRAPHY_MESSAGES.geocodeInvalid).regex(/^[\p{L}\p{N}._-]*$/u, AREA_GEOGRAPHY_MESSAGES.geocodeInvalid).nullable().optional(),
  ranhgioi: boundarySchema.nullable().optional(),
});
export type AreaGeographyBody = z.infer<typeof areaGeographyBodySchema>;

/** A GeoJSON file to import: features matched to areas by properties.ma (geocode) or properties.ten (name). */
export const areaGeographyImportBodySchema = z.object({
  type: z.enum(['FeatureCollection', 'Feature'], { error: AREA_GEOGRAPHY_MESSAGES.importInvalid }),
  features: z.array(z.unknown()).max(20_000).optional(),
  geometry: z.unknown().optional(),
  properties: z.unknown().optional(),
});
export const areaGeographyImportResultSchema = z.object({ capnhat: z.array(z.string()), bochon: z.array(z.string()) });
