import { fireEvent, within } from '@testing-library/react';

/**
 * Types a whole value into a date or time picker of lib/pickers.tsx ('17/11/2025', '06:00'): the
 * picker's hidden input takes the text as a user's paste would, and the field parses it.
 */
export function typeIntoPicker(scope: HTMLElement, label: string, text: string): void {
  const group = within(scope).getByRole('group', { name: label });
  const input = group.querySelector('input');
  if (!input) throw new Error(`no input in the picker "${label}"`);
  fireEvent.change(input, { target: { value: text } });
}
