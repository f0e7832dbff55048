import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { EVENTS } from '@loa/contract';
import { makeUser, overviewAnswer } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';
import { OVERVIEW_CHARTS_PATH, OVERVIEW_PATH } from './api';

describe('Tổng quan, first load', () => {
  it('asks for the charts at once, beside the counts, not after them and the charts code (issue #28)', { timeout: 30_000 }, async () => {
    // The counts are held back: the charts are asked for all the same.
    const { calls } = fakeServer({ [`GET ${OVERVIEW_PATH}`]: () => new Promise(() => undefined) });
    renderApp('/', { user: makeUser() });
    // The page itself is loaded on demand: its first render may take a while on a busy machine.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(OVERVIEW_CHARTS_PATH), { timeout: 15_000 });
  });
});

describe('Tổng quan, kept live', () => {
  it('counts the speakers playing as they start (a live talk too) and reads the charts again when a bulletin starts (#32 low item)', { timeout: 30_000 }, async () => {
    let playing = 0;
    const { calls } = fakeServer({
      [`GET ${OVERVIEW_PATH}`]: () => overviewAnswer({ online: 9, offline: 0, dangphat: playing }),
      [`GET ${OVERVIEW_CHARTS_PATH}`]: { status: 200, body: { data: { bantintheongay: [], tructuyen24h: [], tructuyen7ngay: [], ngoaituyen: [], hoanthanh: null } } },
    });
    const socket = fakeSocket();
    renderApp('/', { user: makeUser(), socketFactory: socket.factory });
    const tile = await screen.findByRole('region', { name: 'Thiết bị đang phát' }, { timeout: 15_000 });
    await waitFor(() => expect(tile).toHaveTextContent('0'));
    const chartReads = () => calls.filter((c) => c.path === OVERVIEW_CHARTS_PATH).length;
    await waitFor(() => expect(chartReads()).toBe(1));
    // The charts (loaded on demand) are drawn, and so listen.
    await screen.findAllByText('Bản tin theo ngày (30 ngày qua)', {}, { timeout: 15_000 });

    // Three speakers report playing the officer's live talk: the tile follows without a reload.
    playing = 3;
    await socket.emitWhenHeard(EVENTS.deviceStatus, [{ _id: 'loa-1', trangthai: {} }]);
    await waitFor(() => expect(tile).toHaveTextContent('3'));
    await socket.emitWhenHeard(EVENTS.playState, { idlichphat: 'live-1', trangthai: true });
    await waitFor(() => expect(chartReads()).toBe(2));
  });
});
