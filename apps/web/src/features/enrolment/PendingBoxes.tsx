import { useState } from 'react';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Area } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { PENDING_PATH, type PendingBox } from './api';
import { boxLocation } from './boxLocation';
import { ConfirmBoxDialog } from './ConfirmBoxDialog';
import { ListSection } from './ListSection';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

/** The boxes waiting to be assigned ("chờ gán"), live: one that enrols while the page is open appears (ServerCacheSync). */
export function PendingBoxes({ areas }: { areas: readonly Area[] }) {
  const { t } = useT();
  const query = useApiQuery<PendingBox[]>(PENDING_PATH);
  const [assigning, setAssigning] = useState<PendingBox | null>(null);
  const boxes = query.data;
  return (
    <>
      <ListSection
        id="pending-boxes-title"
        title={`${t('enrolment.pending.title')}${boxes && boxes.length > 0 ? ` (${boxes.length})` : ''}`}
        query={query}
        empty={t('enrolment.pending.empty')}
      >
        {(list) => (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('enrolment.codes.area')}</TableCell>
                  <TableCell>{t('enrolment.pending.machineId')}</TableCell>
                  <TableCell>{t('enrolment.pending.serial')}</TableCell>
                  <TableCell>{t('enrolment.pending.imei')}</TableCell>
                  <TableCell>{t('enrolment.pending.location')}</TableCell>
                  <TableCell>{t('enrolment.pending.enrolledAt')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((box) => (
                  <TableRow key={box._id} data-testid="pending-box" data-box-id={box._id}>
                    <TableCell>
                      <Stack spacing={0.5}>
                        <span>{box.diaban.tendiaban}</span>
                        <Chip size="small" sx={{ alignSelf: 'flex-start' }} color={box.online ? 'success' : 'default'} label={t(box.online ? 'enrolment.pending.online' : 'enrolment.pending.offline')} />
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{box.phancung.machineId}</TableCell>
                    <TableCell>{box.phancung.serial ?? '—'}</TableCell>
                    <TableCell>{box.phancung.imei ?? '—'}</TableCell>
                    <TableCell>{boxLocation(box, t)}</TableCell>
                    <TableCell>{formatTimestamp(box.phancung.lucdangky)}</TableCell>
                    <TableCell align="right">
                      <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
                        <Button variant="contained" size="small" onClick={() => setAssigning(box)}>{t('enrolment.pending.assign')}</Button>
                        {box.cungphancung.length > 0 && (
                          <Typography variant="caption" color="warning.main">
                            {t('enrolment.pending.sameHardware', { names: box.cungphancung.map((d) => d.tenthietbi).join(', ') })}
                          </Typography>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListSection>
      {assigning && <ConfirmBoxDialog box={assigning} areas={areas} onClose={() => setAssigning(null)} />}
    </>
  );
}
