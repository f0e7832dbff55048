import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormHelperText, Tab, Tabs, Typography } from '@mui/material';
import { MSG } from '@loa/contract';
import { useNotify } from '../../../app/snackbar/useNotify';
import { useT } from '../../../i18n/useT';
import { hasRight, useCurrentUser } from '../../auth/useAuth';
import type { DraftFile, DraftSource } from '../types';
import { FilesTab } from './FilesTab';
import { RecordTab } from './RecordTab';
import { relayError } from './relayRules';
import { RelayTab } from './RelayTab';
import {
  EMPTY_RELAY, EMPTY_TTS, fileSource, relayFieldsOf, relaySource, tabOfSource, TABS, ttsFieldsOf, ttsSource, type RelayFields, type TabIndex, type TtsFields,
} from './sourceDrafts';
import { TtsTab } from './TtsTab';

export interface SourceDialogProps {
  /** The source being edited; absent in add mode. */
  source?: DraftSource;
  onClose: () => void;
  onAdd: (source: DraftSource) => void;
  onSave: (source: DraftSource) => void;
  onDelete: () => void;
}

/**
 * Choose-source dialog (add) and edit-source dialog (spec §2): Files, Relay, Digital device (disabled),
 * Text-to-speech and, when adding, Record. Editing enables only the source's own tab.
 */
export function SourceDialog({ source, onClose, onAdd, onSave, onDelete }: SourceDialogProps) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const user = useCurrentUser();
  const editing = source !== undefined;
  // The quyen flag of spec §6: relay and text-to-speech fields are editable only with it.
  const mayEdit = hasRight(user, 'themsuaxoalichphat');
  const [tab, setTab] = useState<TabIndex>(source ? tabOfSource(source) : TABS.files);
  const [files, setFiles] = useState<DraftFile[]>(source?.kieunguon === 'FILE' ? source.files : []);
  const [relay, setRelay] = useState<RelayFields>(source?.kieunguon === 'Tiếp Sóng' ? relayFieldsOf(source, []) : EMPTY_RELAY);
  const [tts, setTts] = useState<TtsFields>(source?.kieunguon === 'Tổng Hợp Giọng Nói' ? ttsFieldsOf(source) : EMPTY_TTS);
  const [recording, setRecording] = useState<DraftFile | null>(null);
  const key = source?.key;
  // The §5 message that stopped the last Add/Save: beside its field (relay) or under the tab, as well as in the snackbar.
  const [problem, setProblem] = useState<string | null>(null);
  /** A setter that also clears the message of the last Add/Save. */
  const clearing = <T,>(set: (next: T) => void) => (next: T) => {
    set(next);
    setProblem(null);
  };

  /** The source the current tab describes, or the §5 message that stops it. */
  const build = (): DraftSource | string => {
    switch (tab) {
      case TABS.files:
        if (!editing && files.length === 0) return MSG.noFileChosen;
        return fileSource(files, source?.sotab ?? TABS.files, key);
      case TABS.relay:
        return relayError(relay, editing ? 'edit' : 'add') ?? relaySource(relay, key);
      case TABS.tts:
        return tts.result ? ttsSource({ ...tts, result: tts.result }, key) : MSG.ttsNotDone;
      case TABS.record:
        return recording ? fileSource([recording], TABS.record) : MSG.recordingNone;
      default:
        return MSG.noSources;
    }
  };

  const confirm = () => {
    const built = build();
    setProblem(typeof built === 'string' ? built : null);
    if (typeof built === 'string') {
      notify.error(built);
      return;
    }
    if (editing) onSave(built);
    else onAdd(built);
  };

  const tabProps = (index: TabIndex) => ({ id: `source-tab-${index}`, 'aria-controls': `source-panel-${index}`, value: index, disabled: editing && index !== tab });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="source-dialog-title">
      <DialogTitle id="source-dialog-title">{t(editing ? 'source.editTitle' : 'source.chooseTitle')}</DialogTitle>
      <DialogContent dividers>
        {/* The tabs wrap instead of scrolling: every kind, the recording last, stays in sight on a narrow dialog. */}
        <Tabs
          value={tab}
          onChange={(_e, next: TabIndex) => {
            setTab(next);
            setProblem(null);
          }}
          aria-label={t('source.kinds')}
          data-testid="source-tabs"
          sx={{ '& .MuiTabs-list': { flexWrap: 'wrap' }, '& .MuiTabs-indicator': { display: 'none' }, '& .MuiTab-root.Mui-selected': { boxShadow: (theme) => `inset 0 -2px 0 ${theme.palette.primary.main}` } }}
        >
          <Tab label={t('source.tab.files')} {...tabProps(TABS.files)} />
          <Tab label={t('source.tab.relay')} {...tabProps(TABS.relay)} />
          <Tab label={t('source.tab.digital')} {...tabProps(TABS.digital)} disabled />
          <Tab label={t('source.tab.tts')} {...tabProps(TABS.tts)} />
          {!editing && <Tab label={t('source.tab.record')} {...tabProps(TABS.record)} />}
        </Tabs>
        <Box role="tabpanel" id={`source-panel-${tab}`} aria-labelledby={`source-tab-${tab}`} sx={{ pt: 2 }}>
          {tab === TABS.files && <FilesTab files={files} onChange={clearing(setFiles)} />}
          {tab === TABS.relay && <RelayTab value={relay} onChange={clearing(setRelay)} disabled={editing && !mayEdit} error={problem} />}
          {tab === TABS.tts && <TtsTab value={tts} onChange={clearing(setTts)} disabled={editing && !mayEdit} />}
          {tab === TABS.record && <RecordTab recording={recording} onChange={clearing(setRecording)} />}
          {tab === TABS.digital && <Typography color="text.secondary">{t('source.digitalDisabled')}</Typography>}
          {/* No file, no finished conversion, no recording: said under the tab (the relay's go beside their fields). */}
          {problem && tab !== TABS.relay && <FormHelperText error sx={{ mt: 1 }}>{tMessage(problem)}</FormHelperText>}
        </Box>
      </DialogContent>
      <DialogActions>
        {editing ? (
          <>
            <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>{t('source.delete')}</Button>
            <Button onClick={onClose}>{t('source.exit')}</Button>
            <Button variant="contained" onClick={confirm}>{t('source.save')}</Button>
          </>
        ) : (
          <>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button variant="contained" onClick={confirm}>{t('source.add')}</Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
