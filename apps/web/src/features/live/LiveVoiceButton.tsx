import { Button } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { useLiveVoiceLauncher } from './LiveVoiceContext';

/**
 * 'Phát trực tiếp' beside the emergency button: enabled with the right themsuaxoalichphat, like any
 * broadcast. While this console is on air it reads 'Đang trực tiếp' and brings the dialog back.
 */
export function LiveVoiceButton() {
  const { t } = useT();
  const user = useCurrentUser();
  const launcher = useLiveVoiceLauncher();
  const onAir = launcher?.onAir ?? false;
  return (
    <Button
      variant={onAir ? 'contained' : 'outlined'}
      color="error"
      startIcon={<MicIcon />}
      disabled={!launcher || (!onAir && !hasRight(user, 'themsuaxoalichphat'))}
      onClick={() => launcher?.open()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {onAir ? t('liveVoice.onAirButton') : t('liveVoice.open')}
    </Button>
  );
}
