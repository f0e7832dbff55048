import { useRef, useState } from 'react';
import { Button } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { AREA_GEOGRAPHY_MESSAGES } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { importAreaGeography } from './api';

/** Reads a GeoJSON file of boundaries (features with "ma" or "ten") and sends it to the server, which matches them to areas. */
export function ImportBoundariesButton({ onImported }: { onImported: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    setBusy(true);
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error(AREA_GEOGRAPHY_MESSAGES.importInvalid);
      }
      const result = await importAreaGeography(parsed);
      notify.success(t('areas.boundariesImported', { count: String(result.capnhat.length), skipped: result.bochon.length > 0 ? t('areas.boundariesSkipped', { names: result.bochon.join(', ') }) : '' }));
      onImported();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input ref={input} type="file" accept=".geojson,.json,application/geo+json,application/json" hidden data-testid="boundaries-file" onChange={(e) => e.target.files?.[0] && void read(e.target.files[0])} />
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={busy} onClick={() => input.current?.click()}>{t('areas.importBoundaries')}</Button>
    </>
  );
}
