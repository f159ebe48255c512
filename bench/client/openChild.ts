// A fresh process that shows what the window first shows of an account
// whose server is unreachable, and prints how long after its own start that
// was. `hearth` goes through the app's code; `bare` opens the file with
// better-sqlite3 and reads the same stream's newest page, the floor.
//   node openChild.mjs hearth|bare <cache file> <stream id>
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { AccountRuntime } from '../../src-main/client/runtime/accountRuntime';
import { openCache } from '../../src-main/client/cache/openCache';
import { Network } from '../../src-main/client/network/routing';

const [mode, file, stream] = process.argv.slice(2);
const streamId = Number(stream);
if (file === undefined || !Number.isInteger(streamId))
  throw new Error('usage: <mode> <file> <stream id>');

if (mode === 'bare') {
  const db = new Database(file);
  const rows = db
    .prepare('SELECT id, json, flags FROM messages WHERE stream_id = ? ORDER BY id DESC LIMIT 50')
    .all(streamId) as { json: string }[];
  const shown = rows.map((row) => JSON.parse(row.json) as unknown);
  console.log(JSON.stringify({ ms: performance.now(), messages: shown.length }));
} else {
  const { cache } = openCache(file, { log: () => undefined });
  const account = {
    id: 'bench',
    serverUrl: 'http://127.0.0.1:9',
    email: 'user1@bench.example',
    userId: 1,
    realmName: 'Bench',
    realmIcon: null,
    lastNarrow: [{ operator: 'stream', operand: streamId }],
    hosted: false,
    certificate: null,
    key: 'missing' as const,
  };
  const runtime = new AccountRuntime(account, cache, null, {}, new Network(), () => undefined);
  const snapshot = runtime.snapshot();
  const page = await runtime.openNarrow({ kind: 'stream', streamId });
  console.log(
    JSON.stringify({
      ms: performance.now(),
      messages: page.messages.length,
      streams: snapshot.streams.length,
    }),
  );
}
