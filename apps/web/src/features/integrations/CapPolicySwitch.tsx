import { FormControlLabel, Switch } from '@mui/material';
import type { CapPolicy } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { CAP_POLICY_PATH, saveCapPolicy } from './api';
import { useLoaded } from './useLoaded';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/** The administrator's policy: broadcast Extreme/Severe + Immediate alerts at once (on), or make every alert a draft (off). */
export function CapPolicySwitch() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { data, reload } = useLoaded<{ chinhsach: CapPolicy }>(CAP_POLICY_PATH);
  if (!data) return null;
  const change = async (atOnce: boolean) => {
    try {
      await saveCapPolicy(atOnce ? 'tudong' : 'duyet');
      notify.success(atOnce ? t('capAlerts.policyAuto') : t('capAlerts.policyReview'));
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    }
    reload();
  };
  return (
    <FormControlLabel
      control={<Switch checked={data.chinhsach === 'tudong'} onChange={(event) => void change(event.target.checked)} />}
      label={t('capAlerts.policy')}
    />
  );
}
