import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Badge, Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useT } from '../../i18n/useT';
import { groupContains, type MenuGroup, type MenuNode } from './menuItems';

/** Renders a menu model: plain links, notification links with a badge, collapsible groups. */
export function MenuList({ nodes, depth = 0, onNavigate }: { nodes: MenuNode[]; depth?: number; onNavigate?: () => void }) {
  return (
    <List disablePadding>
      {/* Each entry in its own <li>: a list holds list items only (screen readers count them). */}
      {nodes.map((node) => (
        <ListItem key={node.id} disablePadding sx={{ display: 'block' }}>
          {node.type === 'group' ? <MenuGroupItem group={node} depth={depth} onNavigate={onNavigate} /> : <MenuLinkItem node={node} depth={depth} onNavigate={onNavigate} />}
        </ListItem>
      ))}
    </List>
  );
}

function MenuLinkItem({ node, depth, onNavigate }: { node: Exclude<MenuNode, MenuGroup>; depth: number; onNavigate?: () => void }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const selected = groupContains(node, pathname);
  const Icon = node.icon;
  return (
    <ListItemButton component={RouterLink} to={node.path} selected={selected} aria-current={selected ? 'page' : undefined} onClick={onNavigate} sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1, my: 0.25 }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={t(node.titleId)} />
      {node.type === 'notification' && node.badge > 0 && <Badge badgeContent={node.badge} max={99} color="error" data-testid="menu-badge" sx={{ mr: 1 }} />}
    </ListItemButton>
  );
}

function MenuGroupItem({ group, depth, onNavigate }: { group: MenuGroup; depth: number; onNavigate?: () => void }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => groupContains(group, pathname));
  const Icon = group.icon;
  return (
    <>
      <ListItemButton aria-expanded={open} onClick={() => setOpen((o) => !o)} sx={{ pl: 2 + depth * 2, borderRadius: 1, mx: 1, my: 0.25 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t(group.titleId)} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <MenuList nodes={group.children} depth={depth + 1} onNavigate={onNavigate} />
      </Collapse>
    </>
  );
}
