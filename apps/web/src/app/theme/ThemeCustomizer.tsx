import type { ReactNode } from 'react';
import { Box, Drawer, FormControlLabel, IconButton, Radio, RadioGroup, Slider, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useT } from '../../i18n/useT';
import { useUiSettings } from '../settings/useUiSettings';
import { FONT_FAMILIES, RADIUS_MAX, RADIUS_MIN, RADIUS_STEP, type FontFamilyName } from '../settings/uiSettings';

/** Theme customization drawer: mode, font, border radius and input style. */
export function ThemeCustomizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { settings, update } = useUiSettings();
  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 300, p: 2 } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography variant="h6" component="h2">{t('theme.title')}</Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}><CloseIcon /></IconButton>
      </Stack>
      <Section id="theme-mode" label={t('theme.mode')}>
        <RadioGroup aria-labelledby="theme-mode" row value={settings.navType} onChange={(e) => update({ navType: e.target.value === 'dark' ? 'dark' : 'light' })}>
          <FormControlLabel value="light" control={<Radio />} label={t('theme.light')} />
          <FormControlLabel value="dark" control={<Radio />} label={t('theme.dark')} />
        </RadioGroup>
      </Section>
      <Section id="theme-font" label={t('theme.font')}>
        <RadioGroup aria-labelledby="theme-font" value={settings.fontFamily} onChange={(e) => update({ fontFamily: e.target.value as FontFamilyName })}>
          {FONT_FAMILIES.map((font) => (
            <FormControlLabel key={font} value={font} control={<Radio />} label={<span style={{ fontFamily: font }}>{font}</span>} />
          ))}
        </RadioGroup>
      </Section>
      <Section id="theme-radius" label={t('theme.radius')}>
        <Slider
          aria-labelledby="theme-radius"
          value={settings.borderRadius}
          min={RADIUS_MIN}
          max={RADIUS_MAX}
          step={RADIUS_STEP}
          marks
          valueLabelDisplay="auto"
          onChange={(_, value) => update({ borderRadius: Array.isArray(value) ? value[0] : value })}
        />
      </Section>
      <Section id="theme-inputs" label={t('theme.inputs')}>
        <RadioGroup aria-labelledby="theme-inputs" row value={settings.outlinedFilled ? 'outlined' : 'filled'} onChange={(e) => update({ outlinedFilled: e.target.value === 'outlined' })}>
          <FormControlLabel value="outlined" control={<Radio />} label={t('theme.outlined')} />
          <FormControlLabel value="filled" control={<Radio />} label={t('theme.filled')} />
        </RadioGroup>
      </Section>
    </Drawer>
  );
}

function Section({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={id} variant="subtitle2" sx={{ mb: 1 }}>{label}</Typography>
      {children}
    </Box>
  );
}
