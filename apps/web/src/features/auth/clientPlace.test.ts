import { describe, expect, it } from 'vitest';
import { placeLabel } from './clientPlace';

describe('placeLabel', () => {
  it('shows Vietnam for Vietnam\'s time zone under either name, a city otherwise, and unknown when untold', () => {
    expect(placeLabel('Asia/Saigon')).toEqual({ kind: 'vietnam' });
    expect(placeLabel('Asia/Ho_Chi_Minh')).toEqual({ kind: 'vietnam' });
    expect(placeLabel('America/Argentina/Buenos_Aires')).toEqual({ kind: 'zone', city: 'Buenos Aires' });
    expect(placeLabel('Không xác định')).toEqual({ kind: 'unknown' });
    expect(placeLabel('')).toEqual({ kind: 'unknown' });
  });
});
