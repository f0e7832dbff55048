import { CAP_MAX_ALERT_POINTS, CAP_MAX_POLYGON_POINTS, CAP_MAX_SHAPES, CAP_MESSAGES } from '@loa/contract';
import { badRequest } from '../../infra/errors';

/** The points of a CAP polygon's text ("lat,lon lat,lon …"), counted without splitting it. */
export function pointCount(text: string): number {
  let count = 0;
  let inPoint = false;
  for (let i = 0; i < text.length; i += 1) {
    const space = text.charCodeAt(i) <= 32;
    if (!space && !inPoint) count += 1;
    inPoint = !space;
  }
  return count;
}

/** Refuses shapes too many or too large, naming which, before any of them is read as numbers. */
export function checkShapeSizes(polygons: string[], circles: number): void {
  const shapes = polygons.length + circles;
  if (shapes > CAP_MAX_SHAPES) throw badRequest(CAP_MESSAGES.tooManyShapes.replace('{count}', String(shapes)));
  let total = 0;
  polygons.forEach((text, i) => {
    const count = pointCount(text);
    if (count > CAP_MAX_POLYGON_POINTS) throw badRequest(CAP_MESSAGES.polygonTooLarge.replace('{n}', String(i + 1)).replace('{count}', String(count)));
    total += count;
  });
  if (total > CAP_MAX_ALERT_POINTS) throw badRequest(CAP_MESSAGES.alertTooLarge.replace('{count}', String(total)));
}

const POLYGON = /<(?:[A-Za-z_][\w.-]*:)?polygon(?:\s[^>]*)?>([^<]*)</g;
const CIRCLE = /<(?:[A-Za-z_][\w.-]*:)?circle[\s>]/g;

/**
 * The same limits on the raw document, before it is parsed: parsing a megabyte of XML costs
 * hundreds of milliseconds, so an alert drawing too much is refused without it. (One scan, linear.)
 */
export function checkDocumentShapes(xml: string): void {
  const polygons = Array.from(xml.matchAll(POLYGON), (m) => m[1]);
  checkShapeSizes(polygons, xml.match(CIRCLE)?.length ?? 0);
}
