import { LinearProgress, Stack, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import { passwordStrength } from './passwordStrength';

const LEVEL = { empty: 0, tooShort: 15, weak: 35, medium: 70, strong: 100 } as const;
const COLOR = { empty: 'inherit', tooShort: 'error', weak: 'error', medium: 'warning', strong: 'success' } as const;

/** A bar and a word under the password field. */
export function PasswordStrengthHint({ password }: { password: string }) {
  const { t } = useT();
  const strength = passwordStrength(password);
  if (strength === 'empty') return null;
  return (
    <Stack spacing={0.5} data-testid="password-strength" data-strength={strength}>
      <LinearProgress variant="determinate" value={LEVEL[strength]} color={COLOR[strength]} aria-hidden />
      <Typography variant="caption" color="text.secondary">{t(`accounts.strength.${strength}`)}</Typography>
    </Stack>
  );
}
