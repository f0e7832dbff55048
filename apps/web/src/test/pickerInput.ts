import { fireEvent, screen } from '@testing-library/react';

/** The hidden input that holds a picker field's text (the field itself is a group of sections). */
export function pickerInput(label: string): HTMLInputElement {
  const input = screen.getByRole('group', { name: label }).parentElement?.querySelector('input');
  if (!input) throw new Error(`no picker field labelled ${label}`);
  return input;
}

/** Types a date ('YYYY-MM-DD') into the date picker labelled `label`, as dd/mm/yyyy. */
export function typeDate(label: string, iso: string): void {
  fireEvent.change(pickerInput(label), { target: { value: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` } });
}
