import { layoutTimeline } from '@loa/contract';
import type { DraftSource } from '../types';

export type LaidSource = ReturnType<typeof layoutTimeline<DraftSource>>['sources'][number];
export interface SourceList {
  sources: LaidSource[];
  /** Total seconds. */
  total: number;
}

export const EMPTY_SOURCE_LIST: SourceList = { sources: [], total: 0 };

const lay = (sources: DraftSource[]): SourceList => layoutTimeline(sources);

/** Appends a source: it starts at the current total and ends at total + its duration (spec §4). */
export function addSource(list: SourceList, source: DraftSource): SourceList {
  return lay([...list.sources, source]);
}

/** Replaces the source at `index`; a FILE source left with no files is dropped (spec §4). */
export function replaceSource(list: SourceList, index: number, source: DraftSource): SourceList {
  const next = list.sources.map((s, i) => (i === index ? source : s));
  return lay(next.filter((s) => !(s.kieunguon === 'FILE' && s.files.length === 0)));
}

/** Removes the source at `index` and lays the rest out again. */
export function removeSource(list: SourceList, index: number): SourceList {
  return lay(list.sources.filter((_, i) => i !== index));
}

/** Moves a source from one position to another (drag or the move buttons). */
export function moveSource(list: SourceList, from: number, to: number): SourceList {
  if (from === to || to < 0 || to >= list.sources.length) return list;
  const next = [...list.sources];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return lay(next);
}
