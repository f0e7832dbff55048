import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { List } from '@mui/material';
import type { Area } from '@loa/contract';
import { I18nProvider } from '../../i18n/I18nProvider';
import { AreaTreeItem } from './AreaTreeItem';
import { buildAreaTree } from './buildAreaTree';

const areas: Area[] = [
  { _id: 'h', tendiaban: 'Huyện Diên Khánh', cap: 'huyen', idcha: null },
  { _id: 'p', tendiaban: 'Phường Đông Lễ', cap: 'xa', idcha: 'h' },
];

describe('the areas tree', () => {
  it('shows each area’s administrative code (mã ĐVHC) and a ward as Phường (issue #28)', () => {
    const [root] = buildAreaTree(areas);
    const actions = { canManage: false, onAdd: () => undefined, onEdit: () => undefined, onDelete: () => undefined, geocodes: new Map([['p', '22330']]) };
    render(<I18nProvider locale="vi"><List><AreaTreeItem node={root!} actions={actions} /></List></I18nProvider>);
    expect(screen.getAllByTestId('area-geocode').map((e) => e.textContent)).toEqual(['Mã ĐVHC 22330']);
    expect(screen.getAllByTestId('area-unit').map((e) => e.textContent)).toEqual(['Huyện', 'Phường']);
  });
});
