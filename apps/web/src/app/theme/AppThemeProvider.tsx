import { useMemo, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { useUiSettings } from '../settings/useUiSettings';
import { createAppTheme } from './createAppTheme';

/** Applies the theme built from the UI settings. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useUiSettings();
  const { navType, fontFamily, borderRadius, outlinedFilled, locale } = settings;
  const theme = useMemo(() => createAppTheme({ navType, fontFamily, borderRadius, outlinedFilled, locale }), [navType, fontFamily, borderRadius, outlinedFilled, locale]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
