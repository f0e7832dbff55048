import { createTheme, type Theme } from '@mui/material/styles';
import { enUS, viVN } from '@mui/material/locale';
import type { UiSettings } from '../settings/uiSettings';

const FONT_STACKS: Record<UiSettings['fontFamily'], string> = {
  Roboto: '"Roboto", "Helvetica", "Arial", sans-serif',
  Poppins: '"Poppins", "Roboto", sans-serif',
  Inter: '"Inter", "Roboto", sans-serif',
};

/** MUI theme for the given UI settings (mode, font, radius, input style), with MUI's own texts (tooltips, pagination, labels) in the console's language. */
export function createAppTheme(settings: Pick<UiSettings, 'navType' | 'fontFamily' | 'borderRadius' | 'outlinedFilled'> & Partial<Pick<UiSettings, 'locale'>>): Theme {
  const variant = settings.outlinedFilled ? 'outlined' : 'filled';
  return createTheme({
    palette: {
      mode: settings.navType,
      primary: { main: '#1565c0' },
      secondary: { main: '#6a1b9a' },
      error: { main: '#d32f2f' },
      ...(settings.navType === 'light' ? { background: { default: '#eef2f6', paper: '#ffffff' } } : {}),
    },
    shape: { borderRadius: settings.borderRadius },
    typography: { fontFamily: FONT_STACKS[settings.fontFamily], button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiTextField: { defaultProps: { variant } },
      MuiSelect: { defaultProps: { variant } },
      MuiFormControl: { defaultProps: { variant } },
    },
  }, settings.locale === 'en' ? enUS : viVN);
}
