import { Box, Button } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { HEADER_BUTTON_LABEL_SX, HEADER_BUTTON_SX } from '../../app/shell/headerButton';
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
      aria-label={onAir ? t('liveVoice.onAirButton') : t('liveVoice.open')}
      sx={HEADER_BUTTON_SX}
    >
      <Box component="span" sx={HEADER_BUTTON_LABEL_SX}>{onAir ? t('liveVoice.onAirButton') : t('liveVoice.open')}</Box>
    </Button>
  );
}
