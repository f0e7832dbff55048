import { useState, type ReactNode } from 'react';
import { Button, CircularProgress } from '@mui/material';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { useNotify } from '../app/snackbar/useNotify';
import { useT } from '../i18n/useT';
import { api, errorMessage } from './apiClient';

/** Saves a Blob under a name, as a link the browser downloads. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely taken the file (revoking at once can cancel a large download).
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An export ('Xuất CSV', 'Xuất Excel') fetched through the API client (issue #32 item 12): an
 * expired access token is renewed first, and a failure is shown instead of a download that silently
 * does nothing, as a plain link did.
 */
export function ExportButton({ path, fileName, children }: { path: string; fileName: string; children: ReactNode }) {
  const notify = useNotify();
  const { tMessage } = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await api.download(path);
      saveFile(file.blob, file.fileName ?? fileName);
    } catch (error) {
      notify.error(tMessage(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" disabled={busy} aria-busy={busy} startIcon={busy ? <CircularProgress size={16} /> : <FileDownloadIcon />} onClick={() => void run()}>
      {children}
    </Button>
  );
}
