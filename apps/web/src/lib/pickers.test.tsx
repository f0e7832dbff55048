import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import { DateInput, DateTimeInput, PickersProvider, TimeInput } from './pickers';

function Harness({ onDate, onTime, onInstant }: { onDate: (v: string) => void; onTime: (v: string) => void; onInstant: (v: number | null) => void }) {
  const [date, setDate] = useState('2026-04-30');
  const [time, setTime] = useState('17:05');
  // 2026-09-02 07:30 in Vietnam is 00:30 UTC.
  const [instant, setInstant] = useState<number | null>(Date.UTC(2026, 8, 2, 0, 30));
  return (
    <PickersProvider locale="vi">
      <DateInput label="Ngày" value={date} onChange={(v) => (setDate(v), onDate(v))} />
      <TimeInput label="Giờ" value={time} onChange={(v) => (setTime(v), onTime(v))} />
      <DateTimeInput label="Lúc" value={instant} onChange={(v) => (setInstant(v), onInstant(v))} />
    </PickersProvider>
  );
}

/** What the field shows: its sections and separators, without the label. */
const sectionsText = (label: string) =>
  screen
    .getByRole('group', { name: label })
    .querySelector('.MuiPickersSectionList-root')
    ?.textContent?.replace(/[\u2066-\u2069\u200e]/g, '')
    .trim();

describe('pickers', () => {
  it('show Vietnamese dates as dd/mm/yyyy, 24-hour times and instants in Vietnam time whatever the browser zone', () => {
    render(<Harness onDate={vi.fn()} onTime={vi.fn()} onInstant={vi.fn()} />);
    expect(sectionsText('Ngày')).toBe('30/04/2026');
    expect(sectionsText('Giờ')).toBe('17:05');
    expect(sectionsText('Lúc')).toBe('02/09/2026 07:30');
  });
});
