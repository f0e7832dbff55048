/**
 * The CAP worker thread: reads an alert's XML and matches its shapes to area boundaries, work that
 * grows with what a sender posts (a megabyte of XML takes 150–400 ms to parse here) and would
 * otherwise hold every HTTP answer, console event and playout timer of the main thread meanwhile.
 * capThread.ts starts it, gives each job a time budget and stops it past the budget.
 */
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../infra/errors';
import { capMessageOf } from './capAlert';
import { checkDocumentShapes } from './capLimits';
import type { CapJob, CapJobAnswer, CapResult, ShapeTexts } from './capThread';
import { parseXml } from './capXml';
import type { Boundary } from '@loa/contract';
import { capCircle, capPolygon, reachedAreaIds, type Shape } from './geometry';

const port = parentPort!;
const decoder = new TextDecoder();

const shapesOf = (texts: ShapeTexts): Shape[] => [...texts.polygons.map((p) => ({ ring: capPolygon(p) })), ...texts.circles.map((c) => ({ circle: capCircle(c) }))];

function run(job: CapJob): CapResult {
  if (job.op === 'read') {
    // The limits first, on the raw text: a document drawing too much is refused without parsing it.
    const text = decoder.decode(job.bytes);
    checkDocumentShapes(text);
    const { root, node } = parseXml(text);
    return { op: 'read', message: capMessageOf(root, node) };
  }
  const rows = job.rows.map((row) => ({ id: row.id, boundary: JSON.parse(row.boundary) as Boundary }));
  return { op: 'reach', ids: reachedAreaIds(shapesOf(job), rows) };
}

function answer(job: CapJob & { id: number }): CapJobAnswer {
  try {
    return { id: job.id, ok: true, result: run(job) };
  } catch (error) {
    // A refusal (bad XML, not CAP, too large) keeps its status and Vietnamese message; anything else is the server's.
    return error instanceof AppError
      ? { id: job.id, ok: false, status: error.statusCode, message: error.message }
      : { id: job.id, ok: false, status: 500, message: error instanceof Error ? error.message : String(error) };
  }
}

/** One alert of each kind through every step before the first real one, so it runs on compiled code. */
function warmUp(): void {
  const ring = Array.from({ length: 2000 }, (_, i) => {
    const a = (2 * Math.PI * i) / 1999;
    return `${(16.5 + 0.03 * Math.sin(a)).toFixed(4)},${(106.6 + 0.03 * Math.cos(a)).toFixed(4)}`;
  });
  ring[ring.length - 1] = ring[0];
  const polygon = ring.join(' ');
  const outline = { type: 'Polygon' as const, coordinates: [ring.map((p) => p.split(',').reverse().map((v) => Number(v) + 0.02) as [number, number])] };
  const xml = `<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>warm-up</identifier><sender>loa</sender><sent>2026-01-01T00:00:00+07:00</sent>
    <status>Test</status><msgType>Alert</msgType><scope>Public</scope><info><category>Met</category><event>warm-up</event><urgency>Unknown</urgency>
    <severity>Unknown</severity><certainty>Unknown</certainty><area><areaDesc>warm-up</areaDesc><polygon>${polygon}</polygon><circle>16.5,106.6 1</circle></area></info></alert>`;
  for (let i = 0; i < 3; i += 1) {
    answer({ id: -1, op: 'read', bytes: Buffer.from(xml) });
    answer({ id: -1, op: 'reach', polygons: [polygon], circles: ['16.5,106.6 1'], rows: [{ id: 'a', boundary: JSON.stringify(outline) }] });
  }
}

port.on('message', (job: CapJob & { id: number }) => port.postMessage(answer(job)));
warmUp();
port.postMessage({ ready: true });
