/**
 * A value axis of counts: from 0, whole-number ticks only, and at least up to 1, so an all-zero
 * chart (a new install) reads 0 and 1, never "0.00, 0.20…" (issue #28).
 */
export function countAxis(values: readonly number[]): { min: number; max?: number; tickMinStep: number; valueFormatter: (value: number | null) => string } {
  const top = values.reduce((max, v) => Math.max(max, v), 0);
  return { min: 0, ...(top < 1 ? { max: 1 } : {}), tickMinStep: 1, valueFormatter: (value) => (value !== null && Number.isInteger(value) ? String(value) : '') };
}
