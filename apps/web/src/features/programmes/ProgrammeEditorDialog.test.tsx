import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, SCHEDULE_MESSAGES } from '@loa/contract';
import { AppProviders } from '../../app/AppProviders';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { writeStoredUser } from '../../lib/userStorage';
import { ProgrammeEditorDialog } from './ProgrammeEditorDialog';

async function openEditor() {
  const server = fakeServer({});
  writeStoredUser(makeUser());
  const onSaved = vi.fn();
  render(
    <AppProviders socketFactory={fakeSocket().factory}>
      <ProgrammeEditorDialog onClose={() => undefined} onSaved={onSaved} />
    </AppProviders>,
  );
  return { server, onSaved, dialog: await screen.findByRole('dialog', { name: 'Chương trình' }) };
}

describe('programme editor', () => {
  it('shows each check’s message beside its field and in the snackbar, and sends nothing', async () => {
    const { dialog, server, onSaved } = await openEditor();
    const save = () => userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    const name = within(dialog).getByLabelText('Tên chương trình');

    await save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(SCHEDULE_MESSAGES.programmeNameRequired));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(SCHEDULE_MESSAGES.programmeNameRequired);

    await userEvent.type(name, 'Bản tin sáng');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).queryByText(SCHEDULE_MESSAGES.programmeNameRequired)).not.toBeInTheDocument();

    await save();
    const type = within(dialog).getByLabelText('Loại bản tin');
    await waitFor(() => expect(type).toHaveAttribute('aria-invalid', 'true'));
    expect(type).toHaveAccessibleDescription(MSG.noMessageType);
    expect(name).toHaveAttribute('aria-invalid', 'false');

    await userEvent.selectOptions(type, '2');
    await save();
    // No sources: the empty list says so (in the error colour) and the snackbar too.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.noSources));
    expect(type).toHaveAttribute('aria-invalid', 'false');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
