import { Stack, Typography } from '@mui/material';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useAreas } from '../devices/useAreas';
import { EnrolmentCodes } from './EnrolmentCodes';
import { PendingBoxes } from './PendingBoxes';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

/**
 * /dang-ky-loa (issue #31): the boxes waiting to be assigned, which an officer names, places and
 * confirms, and the enrolment codes technicians enrol boxes with. Right: quanlythietbi.
 */
export function EnrolmentPage() {
  const { t } = useT();
  const { areas } = useAreas();
  return (
    <Stack spacing={GRID_SPACING}>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">{t('nav.enrolment')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('enrolment.intro')}</Typography>
      </Stack>
      <PendingBoxes areas={areas} />
      <EnrolmentCodes areas={areas} />
    </Stack>
  );
}
