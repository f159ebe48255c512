import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { statePush } from '../../../src-main/client/app/statePush';

describe('pushing whole state to the window', () => {
  it('sends a burst of changes once, the latest state asked for', async () => {
    const sent: number[] = [];
    const push = statePush<number>(20, (state) => sent.push(state));
    for (let state = 1; state <= 5; state++) push.request(state);
    expect(sent).toEqual([]);
    await sleep(60);
    expect(sent).toEqual([5]);
    // The next change after it goes is sent again.
    push.request(9);
    await sleep(60);
    expect(sent).toEqual([5, 9]);
  });

  it('can read the state itself when it goes', async () => {
    let state = 0;
    const sent: number[] = [];
    const push = statePush(20, () => sent.push(state));
    push.request();
    state = 7;
    await sleep(60);
    expect(sent).toEqual([7]);
  });

  it('sends nothing once stopped', async () => {
    const sent: string[] = [];
    const push = statePush(10, () => sent.push('state'));
    push.request();
    push.stop();
    await sleep(40);
    expect(sent).toEqual([]);
  });
});
