import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { EMERGENCY_PRIORITY, formatDuration, HIGH_PRIORITY, NORMAL_PRIORITY } from '@loa/contract';
import { useT } from '../../../i18n/useT';
import type { MessageId } from '../../../i18n/vi';
import { KIND_LABEL, sourceDurationText, sourceTitle } from '../sources/sourceSummary';
import type { DraftSource } from '../types';
import { inSentence, type ReachSummary } from './reachSummary';

/**
 * The title names the level chosen: spec §2's fixed "Bản tin khẩn cấp" keeps its 'Xác nhận phát khẩn
 * cấp'; the two other levels (kept for the province exchange) say theirs.
 */
const TITLE_OF: Record<number, MessageId> = {
  [EMERGENCY_PRIORITY]: 'confirm.title', [HIGH_PRIORITY]: 'confirm.titleHigh', [NORMAL_PRIORITY]: 'confirm.titleNormal',
};

/** The wide reach's question names the level too: only an emergency is "khẩn cấp". */
const WHAT_OF: Record<number, MessageId> = {
  [EMERGENCY_PRIORITY]: 'confirm.what.emergency', [HIGH_PRIORITY]: 'confirm.what.high', [NORMAL_PRIORITY]: 'confirm.what.normal',
};

/** How many communes the confirmation names before "… và n khác". */
const COMMUNES_SHOWN = 8;

export interface BroadcastConfirmDialogProps {
  open: boolean;
  title: string;
  /** The priority level chosen (PRIORITIES). */
  priority: number | null;
  /** The sources' length, played once. */
  totalSeconds: number;
  /** With repeats: how many times it plays and from its start to its last end (intervals included). */
  repeats?: { runs: number; spanSeconds: number };
  /** What goes out, in order: each source is named with its duration (issue #32 item 11). */
  sources: readonly DraftSource[];
  summary: ReachSummary;
  onBack: () => void;
  onConfirm: () => void;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: 1 }}>
      <Typography variant="body2" color="text.secondary">{label}</Typography>
      {/* A div, not a paragraph: the sources' row holds a list, which a <p> may not contain. */}
      <Typography variant="body2" component="div" data-testid={testId} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{children}</Typography>
    </Box>
  );
}

/**
 * The last look before an emergency goes out (issue #18): communes, speakers chosen and how many are
 * online now (live), then, for a whole district or several communes, one more question.
 */
export function BroadcastConfirmDialog({ open, title, priority, totalSeconds, repeats, sources, summary, onBack, onConfirm }: BroadcastConfirmDialogProps) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const { communes, wide } = summary;
  const offline = summary.speakers - summary.online;
  const level = priority ?? EMERGENCY_PRIORITY;
  const what = t(WHAT_OF[level] ?? 'confirm.what.emergency');
  const wideTitle = !wide ? '' : wide.kind === 'communes'
    ? t('confirm.wideTitle.communes', { count: communes.length, what })
    : t(`confirm.wideTitle.${wide.kind}`, { name: inSentence(wide.name), what });

  const confirm = () => {
    if (wide && !asking) return setAsking(true);
    setAsking(false);
    onConfirm();
  };
  const back = () => {
    setAsking(false);
    onBack();
  };

  return (
    <>
      <Dialog open={open && !asking} onClose={back} fullWidth maxWidth="sm" aria-labelledby="broadcast-confirm-title">
        <DialogTitle id="broadcast-confirm-title">{t(TITLE_OF[level] ?? 'confirm.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={1.5}>
            <Row label={t('confirm.program')}>{title}</Row>
            <Row label={t('confirm.areas')}>{summary.areaNames.join(', ')}</Row>
            <Row label={t('confirm.communes', { count: communes.length })} testId="confirm-communes">
              {communes.slice(0, COMMUNES_SHOWN).join(', ') || '—'}
              {communes.length > COMMUNES_SHOWN && ` ${t('confirm.moreCommunes', { count: communes.length - COMMUNES_SHOWN })}`}
            </Row>
            <Row label={t('confirm.speakers')} testId="confirm-speakers">{summary.speakers}</Row>
            <Row label={t('confirm.online')} testId="confirm-online">{t('confirm.onlineOf', { online: summary.online, total: summary.speakers })}</Row>
            <Row label={t('confirm.sources', { count: sources.length })} testId="confirm-sources">
              <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
                {sources.map((source) => (
                  <li key={source.key}>{t(KIND_LABEL[source.kieunguon])}: {sourceTitle(source) || '—'} ({sourceDurationText(source)})</li>
                ))}
              </Box>
            </Row>
            <Row label={t('confirm.duration')} testId="confirm-duration">
              {repeats && repeats.runs > 1
                ? t('confirm.durationRepeats', { span: formatDuration(repeats.spanSeconds), runs: repeats.runs, each: formatDuration(totalSeconds) })
                : formatDuration(totalSeconds)}
            </Row>
            {summary.speakers > 0 && summary.online === 0 && <Alert severity="warning">{t('confirm.noneOnline')}</Alert>}
            {summary.online > 0 && offline > 0 && <Alert severity="info">{t('confirm.someOffline', { count: offline })}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={back}>{t('confirm.back')}</Button>
          <Button variant="contained" color="error" onClick={confirm}>{t('confirm.send')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog open={open && asking} onClose={() => setAsking(false)} maxWidth="xs" aria-labelledby="broadcast-wide-title" aria-describedby="broadcast-wide-text">
        <DialogTitle id="broadcast-wide-title">{wideTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="broadcast-wide-text">
            {t(level === EMERGENCY_PRIORITY ? 'confirm.wideText' : 'confirm.wideTextNotEmergency', { title, speakers: summary.speakers, communes: communes.length })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setAsking(false)}>{t('confirm.back')}</Button>
          <Button variant="contained" color="error" onClick={confirm}>{t('confirm.wideSend')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
