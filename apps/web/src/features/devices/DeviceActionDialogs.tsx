import { useState } from 'react';
import type { Area, Device } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { deleteDevice, rebootDevice, resetDeviceSecret } from './api';
import { ConnectionHistoryDialog, PlayHistoryDialog } from './DeviceHistoryDialogs';
import type { DeviceAction } from './deviceActions';
import { DeviceFormDialog } from './DeviceFormDialog';
import { SecretDialog, type IssuedSecret } from './SecretDialog';
import { VolumeDialog } from './VolumeDialog';

export interface DeviceActionDialogsProps {
  action: DeviceAction | null;
  onClose: () => void;
  areas?: readonly Area[];
  onSaved?: (device: Device) => void;
  onDeleted?: (id: string) => void;
}

/** The dialogs behind the device actions: form, volume, confirmations, secret and histories. */
export function DeviceActionDialogs({ action, onClose, areas = [], onSaved, onDeleted }: DeviceActionDialogsProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (run: () => Promise<void>) => {
    setBusy(true);
    try {
      await run();
      onClose();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  const device = action && action.kind !== 'add' ? action.device : null;
  const confirmProps = device && {
    reboot: { title: t('devices.reboot'), text: t('devices.confirmReboot', { name: device.tenthietbi }), run: async () => {
      await rebootDevice(device._id);
      notify.success(t('devices.rebootSent'));
    } },
    reset: { title: t('devices.resetSecret'), text: t('devices.confirmReset', { name: device.tenthietbi }), run: async () => {
      const { secret } = await resetDeviceSecret(device._id);
      setIssued({ deviceId: device._id, deviceName: device.tenthietbi, secret });
    } },
    delete: { title: t('devices.delete'), text: t('devices.confirmDelete', { name: device.tenthietbi }), run: async () => {
      await deleteDevice(device._id);
      onDeleted?.(device._id);
      notify.success(t('devices.deleted'));
    } },
  };
  const pending = action && (action.kind === 'reboot' || action.kind === 'reset' || action.kind === 'delete') ? confirmProps?.[action.kind] : undefined;

  return (
    <>
      {action && (action.kind === 'add' || action.kind === 'edit') && (
        <DeviceFormDialog
          device={action.kind === 'edit' ? action.device : null}
          areas={areas}
          onClose={onClose}
          onSaved={(saved, secret) => {
            onSaved?.(saved);
            onClose();
            if (secret) {
              notify.success(t('devices.added'));
              setIssued({ deviceId: saved._id, deviceName: saved.tenthietbi, secret });
            }
          }}
        />
      )}
      {action?.kind === 'volume' && <VolumeDialog device={action.device} onClose={onClose} />}
      {action?.kind === 'connections' && <ConnectionHistoryDialog device={action.device} onClose={onClose} />}
      {action?.kind === 'plays' && <PlayHistoryDialog device={action.device} onClose={onClose} />}
      <ConfirmDialog
        open={!!pending}
        title={pending?.title ?? ''}
        text={pending?.text ?? ''}
        busy={busy}
        onCancel={onClose}
        onConfirm={() => pending && void confirm(pending.run)}
      />
      <SecretDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
