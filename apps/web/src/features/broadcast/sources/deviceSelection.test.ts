import { describe, expect, it } from 'vitest';
import { ALL_DEVICES } from '@loa/contract';
import { applyDeviceSelection } from './deviceSelection';

describe("'Tất cả thiết bị' is exclusive of single devices", () => {
  it('choosing all devices drops the single ones', () => {
    expect(applyDeviceSelection(['d-1', 'd-2'], ['d-1', 'd-2', ALL_DEVICES])).toEqual([ALL_DEVICES]);
  });
  it('choosing a single device drops all devices', () => {
    expect(applyDeviceSelection([ALL_DEVICES], [ALL_DEVICES, 'd-3'])).toEqual(['d-3']);
  });
  it('keeps ordinary choices and removals', () => {
    expect(applyDeviceSelection(['d-1'], ['d-1', 'd-2'])).toEqual(['d-1', 'd-2']);
    expect(applyDeviceSelection(['d-1', 'd-2'], ['d-2'])).toEqual(['d-2']);
    expect(applyDeviceSelection([ALL_DEVICES], [])).toEqual([]);
  });
});
