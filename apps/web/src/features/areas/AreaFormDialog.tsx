import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { AREA_MESSAGES, areaUnitLabel, isMessage, type Area, type AreaGeography } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { AREA_GEOGRAPHY_PATH, createArea, setAreaGeography, updateArea } from './api';
import { AREA_CHOICES, choiceOf, choiceOfArea, initialCreate, levelRank, nameWithUnit, type AreaChoice } from './areaLevels';
import { useCurrentUser } from '../auth/useAuth';
import { AreaSelect } from './AreaSelect';
import { subtreeIds } from './buildAreaTree';

/** The server's refusals that are about the chosen parent. */
const PARENT_REFUSALS: ReadonlySet<string> = new Set([AREA_MESSAGES.parentLevel, AREA_MESSAGES.cycle, AREA_MESSAGES.rootOutsideScope]);

/** Create under a parent, or edit (rename and move) an area. */
export type AreaFormTarget = { mode: 'create'; parent: Area | null } | { mode: 'edit'; area: Area };

/** Name, level and parent of an area. Mount it only while open. */
export function AreaFormDialog({ target, areas, onClose, onSaved }: { target: AreaFormTarget; areas: readonly Area[]; onClose: () => void; onSaved: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const editing = target.mode === 'edit' ? target.area : null;
  const [name, setName] = useState(editing?.tendiaban ?? '');
  // A new area opens where the user may create one: under the given parent or the user's own area.
  const userAreaId = useCurrentUser().diaban?._id ?? null;
  const [start] = useState(() => (target.mode === 'create' ? initialCreate(target.parent, userAreaId, areas) : null));
  const [choice, setChoice] = useState<AreaChoice>(editing ? choiceOfArea({ cap: editing.cap, unit: areaUnitLabel(editing) }) : start!.choice);
  const level = choiceOf(choice).cap;
  const [parentId, setParentId] = useState(editing ? editing.idcha ?? '' : start!.parentId);
  const parentLevel = areas.find((a) => a._id === parentId)?.cap;
  const [nameError, setNameError] = useState<string | null>(null);
  // The server's refusal of the parent (its level, a move inside itself, outside the user's scope) beside it.
  const [parentError, setParentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The code CAP alerts name the area by (mã đơn vị hành chính); null until known.
  const geography = useApiQuery<AreaGeography[]>(editing ? AREA_GEOGRAPHY_PATH : null, { staleTime: STALE.reference });
  const [typedGeocode, setTypedGeocode] = useState<string | null>(null);
  const mine = editing ? geography.data?.find((g) => g._id === editing._id) : undefined;
  const geocode = geography.data ? { saved: mine?.mahanhchinh ?? '', value: typedGeocode ?? mine?.mahanhchinh ?? '', boundary: !!mine?.ranhgioi } : null;

  const inside = useMemo(() => (editing ? subtreeIds(areas, editing._id) : new Set<string>()), [areas, editing]);
  // A parent must sit higher than the area and never inside it (the server checks too).
  const allowParent = useCallback((area: Area) => levelRank(area.cap) < levelRank(level) && !inside.has(area._id), [level, inside]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(AREA_MESSAGES.nameRequired);
      return;
    }
    setBusy(true);
    try {
      const idcha = parentId || null;
      if (editing) {
        await updateArea({ id: editing._id, tendiaban: name.trim(), idcha });
        if (geocode && geocode.value.trim() !== geocode.saved) await setAreaGeography({ id: editing._id, mahanhchinh: geocode.value.trim() || null });
      }
      else await createArea({ tendiaban: nameWithUnit(name, choice), cap: level, idcha });
      notify.success(t('areas.saved'));
      onSaved();
    } catch (caught) {
      const message = errorMessage(caught);
      notify.error(tMessage(message));
      // Besides the snackbar, beside the field it is about.
      if (isMessage(message, AREA_MESSAGES.duplicateName)) setNameError(message);
      if ([...PARENT_REFUSALS].some((refusal) => isMessage(message, refusal))) setParentError(message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="area-form-title" maxWidth="xs" fullWidth>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="area-form-title">{editing ? t('areas.editTitle') : t('areas.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('areas.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(null);
              }}
              error={!!nameError}
              helperText={nameError && tMessage(nameError)}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              autoFocus
            />
            <TextField
              select
              label={t('areas.level')}
              value={choice}
              disabled={!!editing}
              onChange={(event) => setChoice(event.target.value as AreaChoice)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {/* Only levels below the chosen parent (the server refuses the others). */}
              {AREA_CHOICES.map((c) => (
                <option key={c.id} value={c.id} disabled={!editing && parentLevel !== undefined && levelRank(c.cap) <= levelRank(parentLevel)}>{t(`areas.level.${c.id}`)}</option>
              ))}
            </TextField>
            <AreaSelect
              label={t('areas.parent')}
              value={parentId}
              onChange={(id) => {
                setParentId(id);
                setParentError(null);
              }}
              areas={areas}
              allow={allowParent}
              emptyLabel={t('areas.noParent')}
              error={parentError ? tMessage(parentError) : undefined}
            />
            {editing && geocode && (
              <TextField
                label={t('areas.geocode')}
                value={geocode.value}
                onChange={(event) => setTypedGeocode(event.target.value)}
                helperText={geocode.boundary ? t('areas.geocodeHelpWithBoundary') : t('areas.geocodeHelp')}
                slotProps={{ htmlInput: { maxLength: 64 } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>{t('devices.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
