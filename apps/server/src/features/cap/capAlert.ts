import { z } from 'zod';
import {
  CAP_CATEGORIES, CAP_CERTAINTIES, CAP_MESSAGES, CAP_MSG_TYPES, CAP_NAMESPACE, CAP_RESPONSE_TYPES, CAP_SCOPES, CAP_SEVERITIES, CAP_STATUSES, CAP_URGENCIES,
} from '@loa/contract';
import { badRequest } from '../../infra/errors';
import { listOf, NS, textOf, type XmlNode } from './capXml';

/**
 * CAP 1.2 checked in code against the rules of the OASIS schema (CAP-v1.2.xsd and §3 of the
 * specification): required elements, their order-free cardinality, the enumerations, the dateTime
 * form with a time zone, identifiers without spaces, commas or '<' '&', and the forms of
 * references, polygons and circles. (No XSD validator installs here without native code.)
 */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[-+]\d{2}:\d{2}$/;
const NO_SPACE_COMMA = /^[^\s,<&]+$/;
const dateTime = z.string().regex(DATE_TIME, 'phải có dạng YYYY-MM-DDThh:mm:ss±hh:mm');
const required = (what: string) => z.string().min(1, `thiếu <${what}>`);
const enumOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: (issue) => (issue.input === '' || issue.input === undefined ? `thiếu <${what}>` : `<${what}> "${String(issue.input)}" không thuộc ${values.join(', ')}`) });
const pair = z.object({ valueName: z.string().min(1, 'thiếu <valueName>'), value: z.string() });

const LAT_LON = '(-?\\d+(?:\\.\\d+)?),(-?\\d+(?:\\.\\d+)?)';
const POINT = new RegExp(`^${LAT_LON}$`);
const polygonText = z.string().refine((v) => {
  const points = v.trim().split(/\s+/);
  return points.length >= 4 && points.every((p) => POINT.test(p)) && points[0] === points[points.length - 1];
}, 'đa giác <polygon> cần ít nhất 4 cặp "vĩ độ,kinh độ" cách nhau bởi dấu cách, điểm đầu trùng điểm cuối');
const circleText = z.string().regex(new RegExp(`^${LAT_LON}\\s+\\d+(?:\\.\\d+)?$`), 'hình tròn <circle> phải có dạng "vĩ độ,kinh độ bán_kính_km"');

const areaSchema = z.object({
  areaDesc: required('areaDesc'),
  polygon: z.array(polygonText),
  circle: z.array(circleText),
  geocode: z.array(pair),
});

const infoSchema = z.object({
  language: z.string(),
  category: z.array(enumOf(CAP_CATEGORIES, 'category')).min(1, 'thiếu <category>'),
  event: required('event'),
  responseType: z.array(enumOf(CAP_RESPONSE_TYPES, 'responseType')),
  urgency: enumOf(CAP_URGENCIES, 'urgency'),
  severity: enumOf(CAP_SEVERITIES, 'severity'),
  certainty: enumOf(CAP_CERTAINTIES, 'certainty'),
  effective: dateTime.optional(),
  onset: dateTime.optional(),
  expires: dateTime.optional(),
  senderName: z.string(),
  headline: z.string(),
  description: z.string(),
  instruction: z.string(),
  area: z.array(areaSchema),
});

const alertSchema = z.object({
  identifier: required('identifier').regex(NO_SPACE_COMMA, '<identifier> không được chứa dấu cách, dấu phẩy, < hoặc &'),
  sender: required('sender').regex(NO_SPACE_COMMA, '<sender> không được chứa dấu cách, dấu phẩy, < hoặc &'),
  sent: required('sent').regex(DATE_TIME, '<sent> phải có dạng YYYY-MM-DDThh:mm:ss±hh:mm'),
  status: enumOf(CAP_STATUSES, 'status'),
  msgType: enumOf(CAP_MSG_TYPES, 'msgType'),
  scope: enumOf(CAP_SCOPES, 'scope'),
  restriction: z.string(),
  addresses: z.string(),
  references: z.string(),
  info: z.array(infoSchema),
}).superRefine((a, ctx) => {
  if (a.scope === 'Restricted' && !a.restriction) ctx.addIssue({ code: 'custom', message: 'cảnh báo "Restricted" cần <restriction>' });
  if (a.scope === 'Private' && !a.addresses) ctx.addIssue({ code: 'custom', message: 'cảnh báo "Private" cần <addresses>' });
  if (a.references && !parseReferences(a.references)) ctx.addIssue({ code: 'custom', message: '<references> phải là các bộ "sender,identifier,sent" cách nhau bởi dấu cách' });
});

export type CapInfo = z.infer<typeof infoSchema>;
export type CapArea = z.infer<typeof areaSchema>;
export type CapMessage = z.infer<typeof alertSchema> & { refs: CapReference[] };
export interface CapReference { sender: string; identifier: string; sent: string }

/** The "sender,identifier,sent" triples of <references>, or null when one is malformed. */
export function parseReferences(text: string): CapReference[] | null {
  const refs: CapReference[] = [];
  for (const triple of text.trim().split(/\s+/).filter(Boolean)) {
    const [sender, identifier, sent, extra] = triple.split(',');
    if (!sender || !identifier || !sent || extra !== undefined || !DATE_TIME.test(sent)) return null;
    refs.push({ sender, identifier, sent });
  }
  return refs;
}

const text = (node: XmlNode, name: string) => textOf(node[name]).trim();
const optionalText = (node: XmlNode, name: string) => text(node, name) || undefined;
const children = (node: XmlNode, name: string) => listOf(node[name]).filter((c): c is XmlNode => typeof c === 'object' && c !== null);
const pairs = (node: XmlNode, name: string) => children(node, name).map((c) => ({ valueName: text(c, 'valueName'), value: text(c, 'value') }));

function infoOf(node: XmlNode) {
  return {
    language: text(node, 'language') || 'en-US',
    category: listOf(node.category).map((c) => textOf(c).trim()),
    event: text(node, 'event'),
    responseType: listOf(node.responseType).map((c) => textOf(c).trim()),
    urgency: text(node, 'urgency'), severity: text(node, 'severity'), certainty: text(node, 'certainty'),
    effective: optionalText(node, 'effective'), onset: optionalText(node, 'onset'), expires: optionalText(node, 'expires'),
    senderName: text(node, 'senderName'), headline: text(node, 'headline'), description: text(node, 'description'), instruction: text(node, 'instruction'),
    area: children(node, 'area').map((a) => ({
      areaDesc: text(a, 'areaDesc'),
      polygon: listOf(a.polygon).map((p) => textOf(p).trim()),
      circle: listOf(a.circle).map((c) => textOf(c).trim()),
      geocode: pairs(a, 'geocode'),
    })),
  };
}

/** The path of the first problem, in words a sender can act on. */
function describe(issue: z.core.$ZodIssue): string {
  const where = issue.path.filter((p) => typeof p === 'string').join(' › ');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Reads and checks a CAP 1.2 <alert> element; a Vietnamese 400 names what is wrong. */
export function capMessageOf(root: string, node: XmlNode): CapMessage {
  if (root !== 'alert' || node[NS] !== CAP_NAMESPACE) throw badRequest(CAP_MESSAGES.notCap);
  const parsed = alertSchema.safeParse({
    identifier: text(node, 'identifier'), sender: text(node, 'sender'), sent: text(node, 'sent'),
    status: text(node, 'status'), msgType: text(node, 'msgType'), scope: text(node, 'scope'),
    restriction: text(node, 'restriction'), addresses: text(node, 'addresses'), references: text(node, 'references'),
    info: children(node, 'info').map(infoOf),
  });
  if (!parsed.success) throw badRequest(CAP_MESSAGES.invalid.replace('{detail}', describe(parsed.error.issues[0])));
  return { ...parsed.data, refs: parsed.data.references ? parseReferences(parsed.data.references)! : [] };
}

/** The info block to read out: the Vietnamese one when there is one, else the first. */
export function chosenInfo(message: CapMessage): CapInfo | null {
  return message.info.find((i) => /^vi(-|$)/i.test(i.language)) ?? message.info[0] ?? null;
}
