import { createInterface } from 'node:readline/promises';
import type { Confirm } from '../client/ports/confirmPort';

/**
 * The browser harness's stand-in for the desktop's native dialog: the
 * question goes to the terminal that runs the harness, where the page cannot
 * answer it. Without a terminal to ask, the answer is no.
 */
export function terminalConfirm(
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Confirm {
  return async ({ action, message, detail }) => {
    if (input.isTTY !== true) return false;
    const terminal = createInterface({ input, output });
    try {
      const answer = await terminal.question(`${message}\n${detail}\n${action}? [y/N] `);
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      terminal.close();
    }
  };
}
