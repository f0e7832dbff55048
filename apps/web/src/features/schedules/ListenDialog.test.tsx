import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { AppProviders } from '../../app/AppProviders';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { writeStoredUser } from '../../lib/userStorage';
import { ListenDialog, RELAY_SILENT_MS } from './ListenDialog';
import { makeSchedule } from './scheduleFixtures';

const relay = { kieunguon: 'Tiếp Sóng', thoigianBatdau: 300, tenkenh: 'Đài huyện', url: 'http://127.0.0.1:9/dai-huyen', thoiluong: 300 };

async function openListen() {
  fakeServer({
    'POST /v1/client/lichphat/thietbimuctieu': { status: 200, body: { data: [] } },
    'GET /v1/client/cauhinh': { status: 200, body: { data: { maptileurl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', mapattribution: '' } } },
  });
  writeStoredUser(makeUser());
  render(
    <AppProviders socketFactory={fakeSocket().factory}>
      <ListenDialog schedule={makeSchedule({ nguonphat: [relay] })} onClose={() => undefined} />
    </AppProviders>,
  );
  const dialog = await screen.findByRole('dialog', { name: /Nghe trước/ });
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Nghe thử 10 giây' }));
  return dialog;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("'Nghe trước' of synthesised speech", () => {
  it('shows the text being approved beside its voice', async () => {
    fakeServer({ 'POST /v1/client/lichphat/thietbimuctieu': { status: 200, body: { data: [] } } });
    writeStoredUser(makeUser());
    const speech = { kieunguon: 'Tổng Hợp Giọng Nói', thoigianBatdau: 20, url: 'tts/abc.mp3', thoiluong: 20, noidunggiongnoi: 'Kính thưa bà con, nước sông đang lên nhanh.' };
    render(
      <AppProviders socketFactory={fakeSocket().factory}>
        <ListenDialog schedule={makeSchedule({ nguonphat: [speech] })} onClose={() => undefined} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: /Nghe trước/ });
    expect(within(dialog).getByTestId('listen-tts-text')).toHaveTextContent('Kính thưa bà con, nước sông đang lên nhanh.');
    expect(within(dialog).getByLabelText('Giọng nói tổng hợp')).toHaveAttribute('src', '/media/tts/abc.mp3');
  });
});

describe("'Nghe trước' of a relay (issue #32 item 15)", () => {
  it('says the stream cannot be reached when the player fails, instead of an empty 0:00 player', async () => {
    const dialog = await openListen();
    const player = within(dialog).getByTestId('relay-preview');
    expect(player).toHaveAttribute('src', 'http://127.0.0.1:9/dai-huyen');
    fireEvent.error(player);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Không nghe được kênh "Đài huyện": luồng phát không truy cập được hoặc không phải âm thanh.');
    expect(within(dialog).queryByTestId('relay-preview')).not.toBeInTheDocument();
    // It can be tried again, and the message goes while it does.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nghe thử 10 giây' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when no sound came at all, and drops it once the stream plays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const dialog = await openListen();
    act(() => vi.advanceTimersByTime(RELAY_SILENT_MS + 100));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Chưa nhận được âm thanh nào từ kênh "Đài huyện" sau 8 giây');
    fireEvent.playing(within(dialog).getByTestId('relay-preview'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
