import { Chip } from '@mui/material';
import type { AsRunOutcome } from '@loa/contract';
import { useT } from '../../i18n/useT';

const COLOR: Record<AsRunOutcome, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  daphat: 'success', dangphat: 'info', bidung: 'warning', bingat: 'warning', maychudung: 'error', khongphat: 'error', bolo: 'error', chuaden: 'default',
};

/** The outcome of a row, coloured by how much it calls for attention. */
export function AsRunOutcomeChip({ outcome, count }: { outcome: AsRunOutcome; count?: number }) {
  const { t } = useT();
  const label = t(`asrun.outcome.${outcome}`);
  return <Chip size="small" color={COLOR[outcome]} variant={outcome === 'daphat' || outcome === 'chuaden' ? 'outlined' : 'filled'} label={count === undefined ? label : `${label}: ${count}`} data-outcome={outcome} />;
}
