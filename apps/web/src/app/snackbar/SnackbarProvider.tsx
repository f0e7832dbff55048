import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode, type SyntheticEvent } from 'react';
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
/** Where the snackbar's top sits: under the 72 px header, whose emergency button it must never cover. */
const HEADER_CLEARANCE = 80;

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const { tMessage, t } = useT();
  const [note, setNote] = useState<Note | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback((message: string, severity: AlertColor = 'success') => {
    setNote({ key: Date.now() + Math.random(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo<NotifyValue>(() => ({ notify, success: (m) => notify(m, 'success'), error: (m) => notify(m, 'error') }), [notify]);

  const area = useReadableArea();

  const handleClose = (_event?: SyntheticEvent | Event | null, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  };

  return (
    <NotifyContext.Provider value={value}>
      {children}
      {/* Its own node under <body>, kept readable: a dialog hides its siblings from assistive tech. */}
      {note && (
        <Portal container={area}>
          <Snackbar
            key={note.key}
            open={open}
            autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
            onClose={handleClose}
            anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
            slotProps={{ transition: { onExited: () => setNote(null) } }}
            // Top centre (spec §2), below the header: it never covers "Phát khẩn cấp" (the header is 72 px).
            sx={{ zIndex: (theme) => theme.zIndex.modal + 1, top: { xs: HEADER_CLEARANCE, sm: HEADER_CLEARANCE } }}
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

/**
 * The node messages are drawn in, under <body>. An open dialog marks every other child of <body>
 * aria-hidden, and MUI marks them again whenever a dialog opens or closes (a confirmation closing
 * over the form it belongs to hides a message that appeared meanwhile): a message sits above every
 * dialog, so this node stays readable and its alert is announced.
 */
function useReadableArea(): HTMLElement {
  const [area] = useState(() => document.createElement('div'));
  useEffect(() => {
    document.body.appendChild(area);
    const keepReadable = new MutationObserver(() => {
      if (area.getAttribute('aria-hidden') !== null) area.removeAttribute('aria-hidden');
    });
    keepReadable.observe(area, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => {
      keepReadable.disconnect();
      area.remove();
    };
  }, [area]);
  return area;
}
