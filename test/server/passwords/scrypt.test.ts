import { scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HASHING_NICE, nodeScrypt } from '../../../src-main/server/passwords/scrypt';
import { scryptMemory } from '../../../src-main/server/passwords/storedHash';

const cost = { ln: 15, r: 8, p: 1 };
const options = { N: 2 ** cost.ln, r: cost.r, p: cost.p, maxmem: scryptMemory(cost) };

/** The nice value of each of this process's threads, by name. */
function threadNices(): { name: string; nice: number }[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      // Fields after the command name: nice is the 17th of them.
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ');
      return [{ name, nice: Number(fields?.[16]) }];
    } catch {
      // The thread ended between the listing and the read.
      return [];
    }
  });
}

describe("the host's scrypt", () => {
  it('derives the key Node derives, for every hash of a burst', async () => {
    const salt = Buffer.alloc(16, 7);
    const keys = await Promise.all(
      ['one', 'two', 'three'].map((password) => nodeScrypt(password, salt, cost, 32)),
    );
    expect(keys.map((key) => key.toString('hex'))).toEqual(
      ['one', 'two', 'three'].map((password) =>
        scryptSync(password, salt, 32, options).toString('hex'),
      ),
    );
  });

  it('refuses a cost Node cannot run, and hashes again afterwards', async () => {
    const salt = Buffer.alloc(16, 8);
    await expect(nodeScrypt('pw', salt, { ln: 15, r: 0, p: 1 }, 32)).rejects.toThrow();
    expect(
      (await nodeScrypt('pw', salt, cost, 32)).equals(scryptSync('pw', salt, 32, options)),
    ).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'hashes on a thread that yields the core to the event loop',
    async () => {
      // The thread a hash ran on is kept for the next.
      await nodeScrypt('pw', Buffer.alloc(16, 9), cost, 32);
      const nices = threadNices();
      expect(nices.find(({ name }) => name === 'MainThread')?.nice).toBe(0);
      expect(nices.map(({ nice }) => nice)).toContain(HASHING_NICE);
    },
  );
});
