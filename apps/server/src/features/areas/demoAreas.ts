import type { Area } from '@loa/contract';

/** Demo geography: one district of a flood-prone province with its communes (DEMO=1). */
export const DEMO_AREAS: { ten: string; cap: Area['cap']; children?: { ten: string; cap: Area['cap'] }[] }[] = [
  {
    ten: 'Huyện Hải Lăng',
    cap: 'huyen',
    children: [
      'Thị trấn Diên Sanh', 'Xã Hải An', 'Xã Hải Ba', 'Xã Hải Chánh', 'Xã Hải Định', 'Xã Hải Dương',
      'Xã Hải Hưng', 'Xã Hải Khê', 'Xã Hải Lâm', 'Xã Hải Phong', 'Xã Hải Phú', 'Xã Hải Quy', 'Xã Hải Sơn', 'Xã Hải Thượng',
    ].map((ten) => ({ ten, cap: 'xa' as const })),
  },
];
export const DEMO_PROVINCE = 'Tỉnh Quảng Trị';

/**
 * Real ĐVHC codes (Mã đơn vị hành chính, GSO list) of the demo's units, set as their CAP geocodes
 * so an alert naming them by code reaches them (the README's example, fixtures/vn-lu-quet.xml,
 * names Xã Hải Thượng, 19708). Xã Hải Định, Xã Hải Hưng and Xã Hải Phong were formed by the 2019
 * mergers and have no code here: one is set in the area's edit dialog.
 */
export const DEMO_GEOCODES: Record<string, string> = {
  [DEMO_PROVINCE]: '45',
  'Huyện Hải Lăng': '470',
  'Thị trấn Diên Sanh': '19681',
  'Xã Hải An': '19684',
  'Xã Hải Ba': '19687',
  'Xã Hải Quy': '19693',
  'Xã Hải Phú': '19702',
  'Xã Hải Thượng': '19708',
  'Xã Hải Dương': '19711',
  'Xã Hải Lâm': '19717',
  'Xã Hải Sơn': '19735',
  'Xã Hải Chánh': '19738',
  'Xã Hải Khê': '19741',
};
