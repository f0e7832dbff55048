import { useState, type FormEvent } from 'react';
import { Button, Grid, TextField } from '@mui/material';
import { MSG, type User } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useNotify } from '../../app/snackbar/useNotify';
import { roleOf } from '../../app/shell/roleLabel';
import { useAuth } from '../auth/useAuth';
import { changeInfo } from './api';
import { RightsList } from './RightsList';

/** Change information: login name, area and role read-only; full name, email and phone editable. */
export function InfoTab({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useT();
  const notify = useNotify();
  const { updateUser } = useAuth();
  const [hoten, setHoten] = useState(user.hoten);
  const [email, setEmail] = useState(user.email);
  const [sdt, setSdt] = useState(user.sdt);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await changeInfo({ hoten: hoten.trim(), email: email.trim(), sdt: sdt.trim() });
      updateUser(saved ?? { hoten, email, sdt });
      notify.success(MSG.updateSuccess);
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setSaving(false);
      onDone();
    }
  };

  const readOnly = { input: { readOnly: true } };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.username')} value={user.tentaikhoan} fullWidth slotProps={readOnly} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.area')} value={user.diaban?.tendiaban ?? ''} fullWidth slotProps={readOnly} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.role')} value={t(roleOf(user.loaitaikhoan).labelId)} fullWidth slotProps={readOnly} />
        </Grid>
        <Grid size={12}>
          <RightsList rights={user.quyenhan} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.fullName')} name="hoten" value={hoten} onChange={(e) => setHoten(e.target.value)} fullWidth autoComplete="name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.email')} name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} fullWidth autoComplete="email" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('profile.phone')} name="sdt" type="tel" value={sdt} onChange={(e) => setSdt(e.target.value)} fullWidth autoComplete="tel" />
        </Grid>
        <Grid size={12} sx={{ textAlign: 'right' }}>
          <Button type="submit" variant="contained" disabled={saving}>{t('profile.save')}</Button>
        </Grid>
      </Grid>
    </form>
  );
}
