import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalConfirm } from '../../src-main/web/terminalConfirm';

// The browser harness asks in the terminal that runs it what the desktop
// asks in a native dialog: the page cannot answer, and no terminal means no.

const request = {
  action: 'Restore',
  message:
    'Restore the backup of Harbour Office from 3 May 2026, 09:00? What changed since is lost.',
  detail: 'The host restarts on the backup.',
};

/** A terminal the person types `typed` into; resolves to the answer and what it showed. */
async function ask(typed: string): Promise<{ answer: boolean; shown: string }> {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const answer = terminalConfirm(input, output)(request);
  input.write(`${typed}\n`);
  return { answer: await answer, shown };
}

describe('the browser harness’s confirmation', () => {
  it('shows the question and goes ahead on yes', async () => {
    const { answer, shown } = await ask('y');
    expect(answer).toBe(true);
    expect(shown).toContain(request.message);
    expect(shown).toContain('Restore? [y/N]');
    expect((await ask('YES')).answer).toBe(true);
  });

  it('takes anything else, Enter included, as no', async () => {
    expect((await ask('')).answer).toBe(false);
    expect((await ask('restore')).answer).toBe(false);
  });

  it('says no where there is no terminal to ask', async () => {
    const piped = new PassThrough();
    await expect(terminalConfirm(piped, new PassThrough())(request)).resolves.toBe(false);
  });
});
