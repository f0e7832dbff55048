import { createContext, useCallback, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Alert, Portal, Snackbar, type AlertColor } from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@loa/contract';
import { useT } from '../../i18n/useT';

export interface NotifyValue {
  /** Shows a message in the top-centre notification area. */
  notify: (message: string, severity?: AlertColor) => void;
  success: (message: string) => void;
  error: (message: string) => void;
}

export const NotifyContext = createContext<NotifyValue | null>(null);

interface Note {
  key: number;
  message: string;
  severity: AlertColor;
}

/** Top-centre notification area: auto-hides after 6 s, closes on its button, ignores click-away (spec §4, §9). */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { tMessage, t } = useT();
  const [note, setNote] = useState<Note | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback((message: string, severity: AlertColor = 'success') => {
    setNote({ key: Date.now() + Math.random(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo<NotifyValue>(() => ({ notify, success: (m) => notify(m, 'success'), error: (m) => notify(m, 'error') }), [notify]);

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* Portalled only while shown, so an open dialog's aria-hidden does not hide the message from assistive tech. */}
      {note && (
        <Portal>
          <Snackbar
            key={note.key}
            open={open}
            autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
            onClose={handleClose}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            slotProps={{ transition: { onExited: () => setNote(null) } }}
            sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
          >
            <Alert severity={note.severity} variant="filled" onClose={handleClose} closeText={t('common.close')} sx={{ width: '100%' }}>
              {tMessage(note.message)}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </NotifyContext.Provider>
  );
}
