// The main side's resident memory with several accounts open: `hearth`
// starts the app on a profile whose accounts' servers are unreachable and
// opens a stream on each; `bare` is an idle Node process, the floor.
//   node --expose-gc memoryChild.mjs hearth|bare [profile dir]
import { HearthApp } from '../../src-main/client/app/hearthApp';
import { noHosting } from '../../src-main/client/ports/hostingPort';
import { createMemorySecretStore, secretAccount } from '../../src-main/client/secretStore';

const [mode, profileDir] = process.argv.slice(2);

const settle = async () => {
  for (let round = 0; round < 3; round++) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

if (mode === 'hearth') {
  if (profileDir === undefined) throw new Error('usage: hearth <profile dir>');
  const secrets = createMemorySecretStore();
  const { AccountList } = await import('../../src-main/client/accounts/accountList');
  const list = await AccountList.open(profileDir);
  for (const account of list.all()) {
    await secrets.set(secretAccount(account.serverUrl, account.email), 'unreachable-key');
  }
  const app = await HearthApp.start({
    profileDir,
    secrets,
    hosting: noHosting('nothing hosted'),
    // Measured, not used: nothing is asked.
    confirm: async () => false,
    tuning: { wake: false, backoff: { initialMs: 60_000, maxMs: 60_000 } },
    log: () => undefined,
  });
  for (const account of app.appState().accounts) {
    app.switchTo(account.id);
    const [stream] = app.active().snapshot().streams;
    if (stream) await app.active().openNarrow({ kind: 'stream', streamId: stream.streamId });
  }
  await settle();
  const usage = process.memoryUsage();
  // After the figure, and apart from it: what the caches' page caches held,
  // as the resident memory that giving them back frees.
  const caches = app.appState().accounts.map((account) => {
    app.switchTo(account.id);
    return app.active().cache;
  });
  const statements = caches.reduce((sum, cache) => sum + cache.statementCount, 0);
  for (const cache of caches) cache.releaseMemory();
  await settle();
  console.log(
    JSON.stringify({
      rss: usage.rss,
      heap: usage.heapUsed,
      accounts: app.appState().accounts.length,
      statements,
      rssReleased: process.memoryUsage().rss,
    }),
  );
  await app.stop();
} else {
  await settle();
  const usage = process.memoryUsage();
  console.log(JSON.stringify({ rss: usage.rss, heap: usage.heapUsed, accounts: 0 }));
}
