import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from '@mui/material';
import { I18nProvider } from '../../i18n/I18nProvider';
import { UiSettingsProvider } from '../settings/UiSettingsProvider';
import { AppThemeProvider } from './AppThemeProvider';
import { ThemeCustomizer } from './ThemeCustomizer';

function setup() {
  render(
    <UiSettingsProvider>
      <I18nProvider locale="vi">
        <AppThemeProvider>
          <TextField label="Thử" />
          <ThemeCustomizer open onClose={() => undefined} />
        </AppThemeProvider>
      </I18nProvider>
    </UiSettingsProvider>,
  );
}

const saved = () => JSON.parse(localStorage.getItem('loa.ui') ?? '{}') as Record<string, unknown>;

describe('theme customization', () => {
  it('starts light, Roboto, radius 12, outlined inputs', () => {
    setup();
    expect(screen.getByRole('radio', { name: 'Sáng' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Roboto' })).toBeChecked();
    expect(screen.getByRole('slider')).toHaveValue('12');
    expect(screen.getByLabelText('Thử').closest('.MuiOutlinedInput-root')).not.toBeNull();
  });

  it('saves mode, font, radius in steps of 2 within 4–24, and input style', async () => {
    setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Tối' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Inter' }));
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('min', '4');
    expect(slider).toHaveAttribute('max', '24');
    expect(slider).toHaveAttribute('step', '2');
    fireEvent.change(slider, { target: { value: '16' } });
    await userEvent.click(screen.getByRole('radio', { name: 'Nền' }));
    expect(saved()).toMatchObject({ navType: 'dark', fontFamily: 'Inter', borderRadius: 16, outlinedFilled: false });
    expect(screen.getByLabelText('Thử').closest('.MuiFilledInput-root')).not.toBeNull();
  });
});
