import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IconButton } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { DeferredTooltip } from './DeferredTooltip';

describe('DeferredTooltip', () => {
  it('keeps the button’s own name and click, and shows the hint on hover and on keyboard focus', async () => {
    const onClick = vi.fn();
    render(
      <DeferredTooltip title="Ngôn ngữ">
        <IconButton aria-label="Ngôn ngữ: Tiếng Việt" onClick={onClick}>
          <TranslateIcon />
        </IconButton>
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Ngôn ngữ: Tiếng Việt' });
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ngôn ngữ');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.unhover(button);
    await userEvent.click(document.body);
    await userEvent.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Ngôn ngữ');
  });
});
