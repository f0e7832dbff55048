import { describe, expect, it } from 'vitest';
import { Teardown } from './teardown';

describe('Teardown', () => {
  it('runs its steps once, last added first, however often it is triggered, past a step that fails', async () => {
    const teardown = new Teardown();
    const ran: string[] = [];
    teardown.add(() => ran.push('server'));
    teardown.add(() => {
      throw new Error('already gone');
    });
    teardown.add(async () => {
      await new Promise((r) => setTimeout(r, 20));
      ran.push('fleet');
    });
    const first = teardown.run();
    const second = teardown.run();
    await second;
    expect(ran).toEqual(['fleet', 'server']);
    await first;
    expect(ran).toEqual(['fleet', 'server']);
  });
});
