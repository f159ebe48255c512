import { basename } from 'node:path';
import { afterEach } from 'vitest';
import { whatWindowsShow } from './helpers/windowsOnScreen';

// A failed test's report ends with what its open windows showed (see
// windowsOnScreen.ts). A hook's error joins the test's own in Vitest's
// summary, where CI's log shows it; a passing test is left alone.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const shown = await whatWindowsShow(`${basename(task.file.name, '.test.ts')} ${task.name}`);
  if (shown === null) return;
  const evidence = new Error(`What the open windows showed when the test failed:\n${shown}`);
  evidence.name = 'WindowsAtFailure';
  evidence.stack = `${evidence.name}: ${evidence.message}`;
  throw evidence;
});
