import type { Area, Device, DeviceLive } from '@loa/contract';
import { vi } from 'vitest';

/** A device for tests; `live` overrides parts of its live state. */
export function makeSpeaker(overrides: Partial<Omit<Device, 'trangthai'>> = {}, live: Partial<DeviceLive> = {}): Device {
  return {
    _id: 'd-1', tenthietbi: 'Loa chợ Tân Lập', serial: 'SN-001', diaban: { _id: 'xa-1', tendiaban: 'Xã Tân Lập' },
    vido: 21.03, kinhdo: 105.85, ghichu: '', ngaytao: 1_763_000_000,
    trangthai: { online: true, amluong: 70, dangphat: null, tinhieu: -60, firmware: '1.0.0', ip: '10.0.0.5', lancuoi: 1_763_700_000, ...live },
    ...overrides,
  };
}

/** A small scope: a district with two communes, one of which has a village. */
export const AREAS: Area[] = [
  { _id: 'huyen-1', tendiaban: 'Huyện Hải Lăng', cap: 'huyen', idcha: null },
  { _id: 'xa-1', tendiaban: 'Xã Tân Lập', cap: 'xa', idcha: 'huyen-1' },
  { _id: 'xa-2', tendiaban: 'Xã Hải An', cap: 'xa', idcha: 'huyen-1' },
  { _id: 'thon-1', tendiaban: 'Thôn Đông', cap: 'thon', idcha: 'xa-1' },
];

/** jsdom lays nothing out; give elements a size so the virtualised table renders its rows. */
export function giveElementsASize(height = 800, width = 1200) {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(width);
}
