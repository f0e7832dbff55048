import type { RolloutStage } from '@loa/contract';

/** A stage as the form holds it: one speaker, one area, or the speakers not named before. */
export interface StageDraft {
  kind: 'device' | 'area' | 'rest';
  id: string;
}

/** The usual rollout: one speaker, then a commune, then the rest. */
export const DEFAULT_STAGES: StageDraft[] = [{ kind: 'device', id: '' }, { kind: 'area', id: '' }, { kind: 'rest', id: '' }];

/** The stages as the server takes them; null while a stage still lacks its speaker or area. */
export function stagesToBody(stages: StageDraft[]): RolloutStage[] | null {
  if (stages.length === 0 || stages.some((s) => s.kind !== 'rest' && !s.id)) return null;
  return stages.map((s) => ({ thietbi: s.kind === 'device' ? [s.id] : [], diaban: s.kind === 'area' ? [s.id] : [], conlai: s.kind === 'rest' }));
}
