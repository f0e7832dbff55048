import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@loa/contract';
import { AppProviders } from '../app/AppProviders';
import { fakeServer } from '../test/fakeServer';
import { fakeSocket } from '../test/fakeSocket';
import { makeUser } from '../test/fixtures';
import { writeStoredUser } from './userStorage';
import { ExportButton } from './ExportButton';

const PATH = '/v1/client/nhatkyphatsong/xuatcsv?tu=2026-11-27';
const CSV = 'Thời gian,Chương trình\n27/11/2026 07:00,Bản tin sáng\n';

/** The files the console handed to the browser: their names and contents. */
function savedFiles() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:loa/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => undefined,
  }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

/** A Blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) => new Promise<string>((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(reader.result as string);
  reader.readAsText(blob);
});

function renderButton() {
  writeStoredUser(makeUser());
  render(
    <AppProviders socketFactory={fakeSocket().factory}>
      <ExportButton path={PATH} fileName="nhat-ky-phat-song.csv">Xuất CSV</ExportButton>
    </AppProviders>,
  );
}

beforeEach(() => {
  vi.restoreAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExportButton (issue #32 item 12)', () => {
  it('renews an expired access token, then saves the file under the name the server gives', async () => {
    const saved = savedFiles();
    let expired = true;
    const server = fakeServer({
      [`GET ${PATH}`]: () => {
        if (expired) return { status: 401, body: { message: MSG.sessionExpired, auto: 'yes' } };
        return { status: 200, body: CSV, headers: { 'content-disposition': 'attachment; filename="nhat-ky-phat-song-2026-11-27.csv"' } };
      },
      'GET /v1/client/login/token': () => {
        expired = false;
        return { status: 200, body: { data: null } };
      },
    });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('nhat-ky-phat-song-2026-11-27.csv');
    expect(await readText(saved[0]!.blob)).toBe(CSV);
    expect(server.calls.map((c) => c.path).filter((p) => p === PATH || p === '/v1/client/login/token')).toEqual([PATH, '/v1/client/login/token', PATH]);
  });

  it("shows the server's refusal instead of failing silently, and saves nothing", async () => {
    const saved = savedFiles();
    fakeServer({ [`GET ${PATH}`]: { status: 400, body: { message: 'Khoảng ngày tối đa là 31 ngày!' } } });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Xuất CSV' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Khoảng ngày tối đa là 31 ngày!'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Xuất CSV' })).toBeEnabled();
  });
});
