import { useState } from 'react';
import { Button, Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { Area } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { useNow } from '../../lib/useNow';
import { CODES_PATH, revokeCode, type EnrolmentCode } from './api';
import { codeState } from './codeState';
import { CreateCodeDialog } from './CreateCodeDialog';
import { ListSection } from './ListSection';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

const STATE_COLOR = { active: 'success', expired: 'default', revoked: 'default', usedUp: 'warning' } as const;

/** The enrolment codes of the areas in scope: used, remaining and expiry of each; create and revoke. */
export function EnrolmentCodes({ areas }: { areas: readonly Area[] }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const invalidate = useInvalidate();
  const now = useNow();
  const query = useApiQuery<EnrolmentCode[]>(CODES_PATH);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<EnrolmentCode | null>(null);
  const [busy, setBusy] = useState(false);

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await revokeCode(revoking._id);
      notify.success(t('enrolment.codes.revoked.done'));
      await invalidate(CODES_PATH);
      setRevoking(null);
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ListSection
        id="enrolment-codes-title"
        title={t('enrolment.codes.title')}
        action={<Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>{t('enrolment.codes.create')}</Button>}
        query={query}
        empty={t('enrolment.codes.empty')}
      >
        {(codes) => (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('enrolment.codes.area')}</TableCell>
                  <TableCell>{t('enrolment.codes.note')}</TableCell>
                  <TableCell align="right">{t('enrolment.codes.used')}</TableCell>
                  <TableCell align="right">{t('enrolment.codes.remaining')}</TableCell>
                  <TableCell>{t('enrolment.codes.expires')}</TableCell>
                  <TableCell>{t('enrolment.codes.state')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {codes.map((code) => {
                  const state = codeState(code, now);
                  return (
                    <TableRow key={code._id} data-testid="enrolment-code" data-code-id={code._id} data-state={state}>
                      <TableCell>{code.diaban.tendiaban}</TableCell>
                      <TableCell>{code.ghichu || '—'}</TableCell>
                      <TableCell align="right">{`${code.dadung}/${code.soluong}`}</TableCell>
                      <TableCell align="right">{state === 'active' ? code.soluong - code.dadung : 0}</TableCell>
                      <TableCell>{formatTimestamp(code.hethan)}</TableCell>
                      <TableCell><Chip size="small" color={STATE_COLOR[state]} label={t(`enrolment.codes.${state}`)} /></TableCell>
                      <TableCell align="right">
                        {!code.thuhoi && <Button size="small" color="error" onClick={() => setRevoking(code)}>{t('enrolment.codes.revoke')}</Button>}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListSection>
      {creating && <CreateCodeDialog areas={areas} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('enrolment.codes.revokeTitle')}
        text={revoking ? t('enrolment.codes.revokeText', { used: String(revoking.dadung), count: String(revoking.soluong) }) : ''}
        confirmLabel={t('enrolment.codes.revoke')}
        busy={busy}
        onCancel={() => setRevoking(null)}
        onConfirm={() => void revoke()}
      />
    </>
  );
}
