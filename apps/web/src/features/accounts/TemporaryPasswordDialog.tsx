import { ShownOnceDialog } from '../../app/dialogs/ShownOnceDialog';
import { useT } from '../../i18n/useT';

/** Shows a temporary password once; it is gone when the dialog closes. */
export function TemporaryPasswordDialog({ issued, onClose }: { issued: { name: string; password: string } | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <ShownOnceDialog
      secret={issued?.password ?? null}
      title={t('accounts.tempPasswordTitle', { name: issued?.name ?? '' })}
      warning={t('accounts.tempPasswordOnce')}
      doneLabel={t('accounts.tempPasswordDone')}
      testId="temporary-password"
      onClose={onClose}
    />
  );
}
