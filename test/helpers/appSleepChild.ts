// `appSleepChild.ts ACCOUNTS_JSON`: the app on a fresh profile, signed in
// to each account of ACCOUNTS_JSON (`[{ serverUrl, email, apiKey }]`), in a
// process of its own that a test stops (SIGSTOP) and continues (SIGCONT)
// as a computer's sleep stops it. Prints JSON lines: `{ ready }` once every
// account is connected; each notification and sound as the desktop is
// handed them (`{ notification }`, `{ sound }`); and for each line "report"
// it reads, `{ report }`: each account's queue, whether it is connected,
// and the IDs its cache holds, oldest first. Quits at the end of its input.
import { createInterface } from 'node:readline';
import type { AccountRuntime } from '../../src-main/client/runtime/accountRuntime';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { connected, joinWithKey, startTestHearth, testTuning } from './hearth';

const [accountsArgument] = process.argv.slice(2);
if (!accountsArgument) throw new Error('usage: appSleepChild.ts ACCOUNTS_JSON');
const accounts = JSON.parse(accountsArgument) as {
  serverUrl: string;
  email: string;
  apiKey: string;
}[];
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

const hearth = await startTestHearth({
  secrets: createMemorySecretStore(),
  tuning: {
    ...testTuning,
    // Longer than the test: a poll held across the sleep is ended by what it brings, or by the wake.
    pollTimeoutMs: 120_000,
    wake: { intervalMs: 100, lateByMs: 1_000 },
  },
});
hearth.page.on('notification', (notification) => print({ notification }));
hearth.page.on('sound', ({ sound }) => print({ sound }));
const runtimes: AccountRuntime[] = [];
for (const account of accounts) {
  await joinWithKey(hearth.app, account.serverUrl, account);
  await connected(hearth.app);
  runtimes.push(hearth.app.active());
}
print({ ready: runtimes.map((runtime) => runtime.account.id) });

for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'report') continue;
  print({
    report: runtimes.map((runtime) => ({
      accountId: runtime.account.id,
      queueId: runtime.session?.queueId ?? null,
      connected: runtime.session?.connection.state === 'connected',
      ids: runtime.cache
        .messagesInNarrow({ kind: 'all' }, { anchor: 'newest', before: 200 })
        .messages.map((message) => message.id),
    })),
  });
}
await hearth.stop();
