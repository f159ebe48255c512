import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../../src-main/client/secretStore';
import { connected, joinWithKey, removeProfile, startTestHearth } from '../../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../../helpers/org';

// Issue 55, point 2: each account's cache is read whole on a thread of its
// own once the app opens it. An app quit while that thread loads or reads
// must neither take the process down with it (ending the thread while
// better-sqlite3 runs native code aborts Node) nor leave the thread holding
// the file after quitting.

let org: Org;
let alice: TestUser;
let profileDir = '';
const secrets = createMemorySecretStore();

beforeAll(async () => {
  org = await startOrg();
  alice = await org.user('alice');
  await org.subscribe(alice, 'kitchen');
  for (let i = 0; i < 20; i += 1) await org.sendStream(alice, 'kitchen', 'lunch', `Soup ${i}`);
  const hearth = await startTestHearth({ secrets });
  profileDir = hearth.profileDir;
  await joinWithKey(hearth.app, org.url, alice);
  await connected(hearth.app);
  await hearth.stop();
});

afterAll(async () => {
  await org?.close();
  if (profileDir) await removeProfile(profileDir);
});

describe('quitting while the cache is being checked', () => {
  it('waits for the check, whenever it comes, and leaves nothing of it beside the cache', async () => {
    const caches = join(profileDir, 'caches');
    const alone = await readdir(caches);
    expect(alone.filter((file) => file.endsWith('.sqlite3'))).toHaveLength(1);
    // Quits at every moment from the thread's start to past its answer.
    for (let wait = 0; wait < 40; wait += 2) {
      const hearth = await startTestHearth({ profileDir, secrets });
      await new Promise((resolve) => setTimeout(resolve, wait));
      await hearth.stop();
      expect(await readdir(caches)).toEqual(alone);
    }
  });
});
