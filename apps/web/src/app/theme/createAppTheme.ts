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
      // Darker than MUI's orange so white text on it (chips, buttons) reaches 4.5:1 (WCAG AA).
      warning: { main: '#b45309' },
      ...(settings.navType === 'light' ? { background: { default: '#eef2f6', paper: '#ffffff' } } : {}),
    },
    shape: { borderRadius: settings.borderRadius },
    typography: { fontFamily: FONT_STACKS[settings.fontFamily], button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiTextField: { defaultProps: { variant } },
      MuiSelect: { defaultProps: { variant } },
      MuiFormControl: { defaultProps: { variant } },
      // Unselected toggle buttons read as text (4.5:1 on the page background), not as a faint icon colour.
      MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
      // A table scrolls inside its container: positioned, so its absolutely placed parts (hidden
      // labels, checkbox inputs) scroll with it instead of widening the page.
      MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
      // A table's pager wraps on a phone instead of pushing its buttons past the screen.
      MuiTablePagination: { styleOverrides: { toolbar: { flexWrap: 'wrap' } } },
      // Dialogs fill a phone's screen (below 600 px): no margins to scroll past, the whole width for fields.
      MuiDialog: {
        styleOverrides: {
          paper: ({ theme }) => ({
            [theme.breakpoints.down('sm')]: { margin: 0, width: '100%', maxWidth: '100%', height: '100%', maxHeight: '100%', borderRadius: 0 },
          }),
        },
      },
    },
  }, settings.locale === 'en' ? enUS : viVN);
}
