import { Button } from '@mui/material';
import CampaignIcon from '@mui/icons-material/Campaign';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../../features/auth/useAuth';
import { useEmergencyAction } from './useEmergencyAction';

/** 'Phát khẩn cấp': enabled only with the right themsuaxoalichphat (spec §6). */
export function EmergencyButton() {
  const { t } = useT();
  const user = useCurrentUser();
  const { onEmergencyClick } = useEmergencyAction();
  return (
    <Button variant="contained" color="error" startIcon={<CampaignIcon />} disabled={!hasRight(user, 'themsuaxoalichphat')} onClick={() => onEmergencyClick?.()} sx={{ whiteSpace: 'nowrap' }}>
      {t('header.emergency')}
    </Button>
  );
}
