import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { CAP_MAX_BYTES, CAP_MESSAGES } from '@loa/contract';
import { badRequest } from '../../infra/errors';

/** Elements that may repeat in CAP 1.2, Atom and RSS: always arrays, so one or many read alike. */
const REPEATED = new Set([
  'info', 'area', 'polygon', 'circle', 'geocode', 'category', 'responseType', 'eventCode', 'parameter', 'resource', 'code',
  'entry', 'item', 'link',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: false,
  // Every value stays text: "006109" is a code, not the number 6109.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(localName(name)),
  // Only the five predefined entities can occur (a DOCTYPE is refused before parsing); bounded all the same.
  processEntities: { enabled: true, maxEntityCount: 0, maxTotalExpansions: 100_000, maxExpandedLength: CAP_MAX_BYTES * 2 },
  // Character references (&#7871; is "ế"); named entities other than XML's five are refused beforehand.
  htmlEntities: true,
  maxNestedTags: 64,
});

/** An element: its children by local name, text under '#text', attributes under '@name', its namespace under NS. */
export type XmlNode = { [name: string]: unknown };
/** The key under which a normalised element keeps its namespace URI. */
export const NS = '@@ns';

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Rewrites prefixed names to local names, each element carrying the namespace its prefix (or default) resolves to. */
function normalise(value: unknown, inherited: Map<string, string>, name: string): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, inherited, name));
  if (typeof value !== 'object' || value === null) return value;
  const node = value as XmlNode;
  let scope = inherited;
  for (const key of Object.keys(node)) {
    if (key === '@xmlns' || key.startsWith('@xmlns:')) {
      if (scope === inherited) scope = new Map(inherited);
      scope.set(key === '@xmlns' ? '' : key.slice(7), textOf(node[key]));
    }
  }
  const colon = name.indexOf(':');
  const out: XmlNode = { [NS]: scope.get(colon < 0 ? '' : name.slice(0, colon)) ?? '' };
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@xmlns')) continue;
    if (key.startsWith('@') || key === '#text') out[key.startsWith('@') ? `@${localName(key.slice(1))}` : key] = child;
    else out[localName(key)] = normalise(child, scope, key);
  }
  return out;
}

/**
 * Parses an untrusted XML document (a CAP alert, an Atom or RSS feed) safely: bounded in size, no
 * DOCTYPE at all (so no entity expansion and no external entity can exist; CAP needs none), well
 * formed, nesting bounded. Answers the root element's name and node; throws a Vietnamese 400.
 */
export function parseXml(text: string): { root: string; node: XmlNode } {
  if (Buffer.byteLength(text) > CAP_MAX_BYTES) throw badRequest(CAP_MESSAGES.tooLarge);
  if (!text.trim()) throw badRequest(CAP_MESSAGES.empty);
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw badRequest(CAP_MESSAGES.doctype);
  const unknownEntity = [...text.matchAll(/&([A-Za-z_][\w.-]*);/g)].find((m) => !XML_ENTITIES.has(m[1]));
  if (unknownEntity) throw badRequest(CAP_MESSAGES.malformed.replace('{reason}', `thực thể không xác định &${unknownEntity[1]};`));
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    throw badRequest(CAP_MESSAGES.malformed.replace('{reason}', `dòng ${valid.err.line}, cột ${valid.err.col}: ${valid.err.msg}`));
  }
  let parsed: XmlNode;
  try {
    parsed = parser.parse(text) as XmlNode;
  } catch (error) {
    throw badRequest(CAP_MESSAGES.malformed.replace('{reason}', (error as Error).message.slice(0, 200)));
  }
  const root = Object.keys(parsed).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!root || typeof parsed[root] !== 'object' || parsed[root] === null) throw badRequest(CAP_MESSAGES.notCap);
  const node = normalise(Array.isArray(parsed[root]) ? parsed[root][0] : parsed[root], new Map(), root) as XmlNode;
  return { root: localName(root), node };
}

/** The text of a child element ('' when absent); an element with attributes keeps its text under '#text'. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object' && '#text' in value) return textOf((value as XmlNode)['#text']);
  return '';
}

/** Children that may repeat, as a list. */
export const listOf = (value: unknown): unknown[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]);
