import { useState } from 'react';
import type { Account, Area } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { AccountFormDialog } from './AccountFormDialog';
import type { AccountAction } from './AccountRow';
import { deleteAccount, resetAccountPassword, setAccountLocked, type RightOption } from './api';
import { TemporaryPasswordDialog } from './TemporaryPasswordDialog';

export type PendingAccountAction = { kind: 'create' } | { kind: AccountAction; account: Account };

export interface AccountActionsProps {
  pending: PendingAccountAction | null;
  areas: readonly Area[];
  rights: readonly RightOption[];
  onClose: () => void;
  onChanged: (account?: Account) => void;
}

/** The dialogs behind the accounts table's buttons: form, confirmations and the one-time password. */
export function AccountActions({ pending, areas, rights, onClose, onChanged }: AccountActionsProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<{ name: string; password: string } | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
      onClose();
    }
  };

  const confirm = (() => {
    if (!pending || pending.kind === 'create' || pending.kind === 'edit') return null;
    const { account } = pending;
    const name = account.tentaikhoan;
    switch (pending.kind) {
      case 'lock':
      case 'unlock': {
        const locking = pending.kind === 'lock';
        return {
          title: t(locking ? 'accounts.lock' : 'accounts.unlock'),
          text: t(locking ? 'accounts.confirmLock' : 'accounts.confirmUnlock', { name }),
          go: () => run(async () => {
            onChanged(await setAccountLocked(account._id, locking));
            notify.success(t(locking ? 'accounts.lockedDone' : 'accounts.unlockedDone'));
          }),
        };
      }
      case 'reset':
        return {
          title: t('accounts.resetPassword'),
          text: t('accounts.confirmReset', { name }),
          go: () => run(async () => {
            const answer = await resetAccountPassword(account._id);
            setIssued({ name, password: answer.matkhautam });
            onChanged();
          }),
        };
      case 'delete':
        return {
          title: t('accounts.delete'),
          text: t('accounts.confirmDelete', { name }),
          go: () => run(async () => {
            await deleteAccount(account._id);
            notify.success(t('accounts.deleted'));
            onChanged();
          }),
        };
    }
  })();

  return (
    <>
      {pending && (pending.kind === 'create' || pending.kind === 'edit') && (
        <AccountFormDialog
          account={pending.kind === 'edit' ? pending.account : null}
          areas={areas}
          rights={rights}
          onClose={onClose}
          onSaved={(account) => {
            const created = pending.kind === 'create';
            onClose();
            onChanged(created ? undefined : account);
          }}
        />
      )}
      {confirm && <ConfirmDialog open title={confirm.title} text={confirm.text} busy={busy} onCancel={onClose} onConfirm={() => void confirm.go()} />}
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
