import { useState } from 'react';
import { Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { AgentPackage } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { uploadPackage } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/updates.vi';

/** The packages the server holds, and the upload of a signed one (.deb and its .sig). */
export function PackagesSection({ packages, onUploaded }: { packages: AgentPackage[]; onUploaded: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [signature, setSignature] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async () => {
    if (!file || !signature) return;
    setBusy(true);
    try {
      const kept = await uploadPackage(file, signature);
      notify.success(t('updates.uploaded', { version: kept.phienban, arch: kept.kientruc }));
      setFile(null);
      setSignature(null);
      onUploaded();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="packages-title">
      <Typography id="packages-title" variant="subtitle1" component="h2" gutterBottom>{t('updates.packages')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Button variant="outlined" component="label">
          {file ? file.name : t('updates.packageFile')}
          <input hidden type="file" accept=".deb" aria-label={t('updates.packageFile')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        <Button variant="outlined" component="label">
          {signature ? signature.name : t('updates.signatureFile')}
          <input hidden type="file" accept=".sig" aria-label={t('updates.signatureFile')} onChange={(e) => setSignature(e.target.files?.[0] ?? null)} />
        </Button>
        <Button variant="contained" disabled={!file || !signature || busy} onClick={() => void upload()}>{t('updates.upload')}</Button>
      </Stack>
      {packages.length === 0 ? <Typography color="text.secondary">{t('updates.noPackages')}</Typography> : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('updates.version')}</TableCell>
              <TableCell>{t('updates.arch')}</TableCell>
              <TableCell>{t('updates.size')}</TableCell>
              <TableCell>{t('updates.uploadedBy')}</TableCell>
              <TableCell>{t('updates.date')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {packages.map((p) => (
              <TableRow key={p._id}>
                <TableCell>{p.phienban}</TableCell>
                <TableCell>{p.kientruc}</TableCell>
                <TableCell>{`${Math.ceil(p.kichthuoc / 1024)} KB`}</TableCell>
                <TableCell>{p.nguoitai}</TableCell>
                <TableCell>{formatTimestamp(p.ngaytao)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
