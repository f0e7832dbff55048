import { Box, Button } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../../features/auth/useAuth';
import { HEADER_BUTTON_LABEL_SX, HEADER_BUTTON_SX } from './headerButton';
import { useEmergencyAction } from './useEmergencyAction';

/**
 * 'Phát khẩn cấp' (enabled only with the right themsuaxoalichphat, spec §6), or 'Dừng phát' while the
 * user has an immediate broadcast running (spec §4). The broadcast feature decides what a click does.
 */
export function EmergencyButton() {
  const { t } = useT();
  const user = useCurrentUser();
  const { onEmergencyClick, running } = useEmergencyAction();
  return (
    <Button
      variant="contained"
      color={running ? 'warning' : 'error'}
      startIcon={running ? <StopCircleIcon /> : <CampaignIcon />}
      disabled={!running && !hasRight(user, 'themsuaxoalichphat')}
      onClick={() => onEmergencyClick?.()}
      aria-label={running ? t('header.stopBroadcast') : t('header.emergency')}
      sx={HEADER_BUTTON_SX}
    >
      <Box component="span" sx={HEADER_BUTTON_LABEL_SX}>{running ? t('header.stopBroadcast') : t('header.emergency')}</Box>
    </Button>
  );
}
