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
