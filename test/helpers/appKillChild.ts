// `appKillChild.ts PROFILE KEYCHAIN_SERVICE CHANNEL_ID COUNT [KILL_AT]`: the
// app on PROFILE (signed in already, its key in the keychain under
// KEYCHAIN_SERVICE) sends COUNT messages to the channel, "note 0" onwards,
// as the compose box does, and waits until each is delivered. Its writes
// while it does so (to the cache and its outbox, as writeCounter.ts counts
// them) are counted; given KILL_AT, it is killed with SIGKILL before that
// one. Prints "accepted N" once the outbox has taken note N, and the
// writes made once all are delivered.
import { countingWrites } from './writeCounter';
import { openKeychain } from '../../src-main/desktop/keychain';
import { connected, eventually, startTestHearth } from './hearth';

const [profileDir, service, channel, count, killAtArgument] = process.argv.slice(2);
if (!profileDir || !service || !channel || !count) {
  throw new Error('usage: appKillChild.ts PROFILE KEYCHAIN_SERVICE CHANNEL_ID COUNT [KILL_AT]');
}

const hearth = await startTestHearth({ profileDir, secrets: await openKeychain({ service }) });
await connected(hearth.app);
const runtime = hearth.app.active();
const writes = await countingWrites(
  async () => {
    for (let i = 0; i < Number(count); i += 1) {
      runtime.send({ kind: 'stream', streamId: Number(channel), topic: 'notes' }, `note ${i}`);
      // Written at once: stdout to a pipe is synchronous on Linux.
      process.stdout.write(`accepted ${i}\n`);
    }
    await eventually('every note is delivered', () => runtime.outboxEntries().length === 0, 60_000);
  },
  killAtArgument === undefined ? undefined : Number(killAtArgument),
);
await hearth.stop();
process.stdout.write(`writes ${writes}\n`);
