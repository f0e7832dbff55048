import { useDeferredValue, type ElementType, type ReactElement, type Ref } from 'react';
import { Tooltip } from '@mui/material';

type Child = ReactElement<Record<string, unknown>>;

/**
 * MUI's Tooltip for a header button, its ref attached to the button one commit after the button
 * first shows. The Tooltip keeps its child's node in state through that ref: an urgent update in
 * the middle of the commit that first puts the console on screen, after which React runs every
 * pending effect and renders again before the browser may paint (one long task). The button itself
 * is rendered at once, never remounted, with its own aria-label and the Tooltip's listeners.
 */
export function DeferredTooltip({ title, children }: { title: string; children: Child }) {
  return (
    <Tooltip title={title}>
      <RefWhenSettled>{children}</RefWhenSettled>
    </Tooltip>
  );
}

/** Passes the Tooltip's props to the button (the button's own win), and its ref once the first commit is done. */
function RefWhenSettled({ children, ref, ...fromTooltip }: { children: Child; ref?: Ref<unknown> } & Record<string, unknown>) {
  const attached = useDeferredValue(true, false);
  const Button = children.type as ElementType;
  return <Button {...fromTooltip} {...children.props} ref={attached ? ref : undefined} />;
}
