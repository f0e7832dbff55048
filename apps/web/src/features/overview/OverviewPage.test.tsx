import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
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
