import { useState, type ReactNode } from 'react';
import { Box, Chip, IconButton, List, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import { areaUnitLabel, type Area } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { childLevel, choiceOfArea } from './areaLevels';
import type { AreaNode } from './buildAreaTree';

export interface AreaTreeActions {
  canManage: boolean;
  onAdd: (parent: Area) => void;
  onEdit: (area: Area) => void;
  onDelete: (area: Area) => void;
  /** Each area's administrative code (mã ĐVHC, the geocode CAP alerts name it by), when it has one. */
  geocodes?: ReadonlyMap<string, string>;
}

/** One area with its device counts, actions and (collapsible) sub-areas. */
export function AreaTreeItem({ node, actions }: { node: AreaNode; actions: AreaTreeActions }) {
  const { t, locale } = useT();
  const [open, setOpen] = useState(node.depth < 2);
  const { area } = node;
  const name = area.tendiaban;
  const geocode = actions.geocodes?.get(area._id);
  const action = (label: string, icon: ReactNode, onClick: () => void, color?: 'error') => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} color={color} onClick={onClick}>{icon}</IconButton>
    </Tooltip>
  );
  return (
    <ListItem disablePadding sx={{ display: 'block' }} data-testid="area-node" data-area-id={area._id}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5, pl: node.depth * 3, '&:hover': { bgcolor: 'action.hover' } }}>
        {node.children.length > 0 ? (
          <IconButton size="small" aria-expanded={open} aria-label={t(open ? 'areas.collapse' : 'areas.expand', { name })} onClick={() => setOpen(!open)}>
            {open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
          </IconButton>
        ) : <Box sx={{ width: 34 }} />}
        <Chip size="small" label={locale === 'vi' ? areaUnitLabel(area) : t(`areas.level.${choiceOfArea({ cap: area.cap, unit: areaUnitLabel(area) })}`)} variant="outlined" data-testid="area-unit" />
        <Typography sx={{ fontWeight: node.depth === 0 ? 600 : 400, flex: 1, minWidth: 0 }} noWrap>{name}</Typography>
        {geocode && <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }} data-testid="area-geocode">{t('areas.geocodeShort', { code: geocode })}</Typography>}
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {t('areas.deviceCount', { count: node.devices, online: node.online })}
        </Typography>
        {actions.canManage && (
          <Stack direction="row">
            {childLevel(area) && action(t('areas.addChild', { name }), <AddIcon fontSize="small" />, () => actions.onAdd(area))}
            {action(t('areas.editNamed', { name }), <EditIcon fontSize="small" />, () => actions.onEdit(area))}
            {action(t('areas.deleteNamed', { name }), <DeleteIcon fontSize="small" />, () => actions.onDelete(area), 'error')}
          </Stack>
        )}
      </Stack>
      {open && node.children.length > 0 && (
        <List disablePadding>
          {node.children.map((child) => <AreaTreeItem key={child.area._id} node={child} actions={actions} />)}
        </List>
      )}
    </ListItem>
  );
}
