import Database from 'better-sqlite3';
import { randomBytes, scryptSync } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nodeScrypt, type Scrypt } from '../../src-main/server/passwords/scrypt';
import {
  owaspCost,
  scryptMemory,
  workOf as workOfCost,
  type ScryptCost,
} from '../../src-main/server/passwords/storedHash';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';

interface Hashing {
  cost: ScryptCost;
  keyLength: number;
}

/**
 * The host's scrypt with a watcher around it: the real derivation still
 * runs, and the test sees each one the host asks for, and how many at once.
 */
function watchedScrypt() {
  const watch = { calls: [] as Hashing[], running: 0, most: 0 };
  const scrypt: Scrypt = async (password, salt, cost, keyLength) => {
    watch.calls.push({ cost, keyLength });
    watch.running += 1;
    watch.most = Math.max(watch.most, watch.running);
    try {
      return await nodeScrypt(password, salt, cost, keyLength);
    } finally {
      watch.running -= 1;
    }
  };
  const reset = () => {
    watch.calls = [];
    watch.most = 0;
  };
  return { watch, scrypt, reset };
}

const refused = {
  result: 'error',
  msg: 'Your username or password is incorrect',
  code: 'AUTHENTICATION_FAILED',
};

const oneOwaspHash: Hashing[] = [{ cost: owaspCost, keyLength: 32 }];

// At OWASP's cost a hash takes a good part of a second of a core, and
// several on a busy machine: each test spends as few as it can.
describe('password hashes', { timeout: 120_000 }, () => {
  const { watch, scrypt, reset } = watchedScrypt();
  const ownerPassword = 'the owner knows this one';
  let org: Org;
  let alice: TestUser;
  let botEmail: string;
  let gone: TestUser;

  const login = (username: string, password: string) =>
    org.api()('POST', '/fetch_api_key', { username, password });

  /** A user created by the owner with `testPassword`: one hash, where `org.user` adds a login's. */
  const newUser = async (name: string): Promise<TestUser> => {
    const email = `${name}@hearth.test`;
    const created = await org.api(org.owner)('POST', '/users', {
      email,
      full_name: name,
      password: testPassword,
    });
    expect(created.status).toBe(200);
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    const { api_key: apiKey } = db
      .prepare('SELECT api_key FROM users WHERE email = ?')
      .get(email) as { api_key: string };
    db.close();
    return { id: created.json.user_id, email, fullName: name, apiKey };
  };

  const storedHash = (email: string): string | null => {
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'), { readonly: true });
    try {
      const row = db.prepare('SELECT password_hash FROM users WHERE email = ?').get(email) as
        { password_hash: string | null } | undefined;
      if (!row) throw new Error(`no user ${email}`);
      return row.password_hash;
    } finally {
      db.close();
    }
  };

  // What a Hearth from before this change wrote: Node's default cost, no parameters.
  const writeUnlabelledHash = async (email: string, password: string) => {
    const salt = randomBytes(16);
    const hash = scryptSync(password, salt, 32);
    await org.stop();
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare('UPDATE users SET password_hash = ? WHERE email = ?').run(
      `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`,
      email,
    );
    db.close();
    await org.start();
  };

  beforeAll(async () => {
    org = await startOrg({
      organization: {
        realmName: 'Passwords',
        ownerEmail: 'owner@hearth.test',
        ownerFullName: 'Olive Owner',
        ownerPassword,
      },
      // Two at once, whatever this machine's cores, so that the limit shows.
      passwordHashing: { cost: owaspCost, scrypt, concurrency: 2 },
    });
    alice = await newUser('alice');
    const bot = await org.api(org.owner)('POST', '/bots', {
      full_name: 'Helper Bot',
      short_name: 'helper',
    });
    botEmail = (await org.api(org.owner)('GET', `/users/${bot.json.user_id}`)).json.user.email;
    gone = await newUser('gone');
    expect((await org.api(org.owner)('DELETE', `/users/${gone.id}`)).status).toBe(200);
  }, 120_000);
  afterAll(() => org.close());
  beforeEach(reset);

  it("stores OWASP's scrypt cost beside every hash, and the hash is scrypt at that cost", async () => {
    await newUser('bob');
    for (const [email, password] of [
      ['bob@hearth.test', testPassword],
      ['owner@hearth.test', ownerPassword],
    ] as const) {
      const stored = storedHash(email) ?? '';
      const match = /^scrypt\$ln=17,r=8,p=1\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
      expect(match, stored).not.toBeNull();
      const salt = Buffer.from(match?.[1] ?? '', 'base64');
      const hash = Buffer.from(match?.[2] ?? '', 'base64');
      expect(salt).toHaveLength(16);
      const options = { N: 2 ** 17, r: 8, p: 1, maxmem: scryptMemory(owaspCost) };
      expect(scryptSync(password, salt, 32, options).equals(hash)).toBe(true);
    }
    expect((await login('owner@hearth.test', ownerPassword)).status).toBe(200);
  });

  const refusals: [string, () => string][] = [
    ['a wrong password', () => alice.email],
    ['an unknown user', () => 'nobody@hearth.test'],
    ['a user without a password (a bot)', () => botEmail],
    ['a deactivated user with a wrong password', () => gone.email],
  ];

  it.each(refusals)(
    "refuses %s with Zulip's error, after one hash at OWASP's cost",
    async (_, username) => {
      const response = await login(username(), 'not the password');
      expect([response.status, response.json]).toEqual([401, refused]);
      expect(watch.calls).toEqual(oneOwaspHash);
    },
  );

  const workOf = (calls: Hashing[]) => calls.reduce((sum, { cost }) => sum + workOfCost(cost), 0);
  const oldCost = { cost: { ln: 14, r: 8, p: 1 }, keyLength: 32 };

  it('refuses a wrong password against a hash stored at Node’s old cost after as much work as against a current one', async () => {
    const carol = await newUser('carol');
    await writeUnlabelledHash(carol.email, testPassword);
    const unlabelled = storedHash(carol.email);

    reset();
    expect((await login(carol.email, 'not the password')).json).toEqual(refused);
    expect(watch.calls[0]).toEqual(oldCost);
    expect(workOf(watch.calls)).toBe(workOf(oneOwaspHash));
    // One hash's slot: the rest of the work is not a second login's worth at once.
    expect(watch.most).toBe(1);
    expect(storedHash(carol.email)).toBe(unlabelled);
  });

  it('logs in with a hash stored without parameters at Node’s old cost, and raises it at the next login that succeeds', async () => {
    const cleo = await newUser('cleo');
    await writeUnlabelledHash(cleo.email, testPassword);

    reset();
    const right = await login(cleo.email, testPassword);
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({ result: 'success', email: cleo.email, user_id: cleo.id });
    // The check, at the work of a current one, then the stronger hash.
    expect(workOf(watch.calls)).toBe(2 * workOf(oneOwaspHash));
    expect(watch.calls.at(-1)).toEqual(oneOwaspHash[0]);
    const raised = storedHash(cleo.email);
    expect(raised).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);

    // Raised once: the next login checks the new hash, and stores nothing.
    reset();
    expect((await login(cleo.email, testPassword)).status).toBe(200);
    expect(watch.calls).toEqual(oneOwaspHash);
    expect(storedHash(cleo.email)).toBe(raised);
    expect((await login(cleo.email, 'not the password')).json).toEqual(refused);
  });

  it('does not raise the hash of a deactivated user, whose login does not succeed', async () => {
    const dora = await newUser('dora');
    expect((await org.api(org.owner)('DELETE', `/users/${dora.id}`)).status).toBe(200);
    await writeUnlabelledHash(dora.email, testPassword);
    const unlabelled = storedHash(dora.email);
    const response = await login(dora.email, testPassword);
    expect(response.json).toEqual({
      result: 'error',
      msg: 'Account is deactivated',
      code: 'USER_DEACTIVATED',
    });
    expect(storedHash(dora.email)).toBe(unlabelled);
  });

  it('changes the password of a user whose hash a login raised after the user was authenticated', async () => {
    const erin = await newUser('erin');
    await writeUnlabelledHash(erin.email, testPassword);
    // Authenticated (and remembered by the host) while the old hash is stored.
    expect((await org.api(erin)('GET', '/users/me')).status).toBe(200);
    expect((await login(erin.email, testPassword)).status).toBe(200);
    expect(storedHash(erin.email)).toMatch(/^scrypt\$ln=17,r=8,p=1\$/);

    const changed = await org.api(erin)('PATCH', '/settings', {
      old_password: testPassword,
      new_password: 'a brand new secret',
    });
    expect(changed.status).toBe(200);
    expect((await login(erin.email, 'a brand new secret')).status).toBe(200);
  });

  it('refuses a damaged or foreign hash as a wrong password, at the same cost', async () => {
    const fay = await newUser('fay');
    const salt = Buffer.alloc(16, 1).toString('base64');
    const hash = Buffer.alloc(32, 2).toString('base64');
    for (const stored of [
      `scrypt$ln=40,r=8,p=1$${salt}$${hash}`,
      `pbkdf2_sha256$600000$${salt}$${hash}`,
      'scrypt$$',
    ]) {
      await org.stop();
      const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(stored, fay.id);
      db.close();
      await org.start();
      reset();
      const response = await login(fay.email, testPassword);
      expect([stored, response.status, response.json]).toEqual([stored, 401, refused]);
      expect([stored, watch.calls]).toEqual([stored, oneOwaspHash]);
    }
  });

  it('runs two hashes at a time while a burst of logins waits, and answers other requests meanwhile', async () => {
    const finished: string[] = [];
    const logins = Array.from({ length: 4 }, (_, n) =>
      login(n % 2 === 0 ? alice.email : `nobody${n}@hearth.test`, 'not the password').then(
        (response) => {
          finished.push(`login ${n}`);
          return response;
        },
      ),
    );
    const profile = org
      .api(alice)('GET', '/users/me')
      .then((response) => {
        finished.push('profile');
        return response;
      });
    const [answers, me] = await Promise.all([Promise.all(logins), profile]);
    expect(answers.map((response) => response.json)).toEqual(Array(4).fill(refused));
    expect(me.json.email).toBe(alice.email);
    expect(watch.calls).toEqual(Array(4).fill(oneOwaspHash[0]));
    expect(watch.most).toBe(2);
    // Sent last, answered while the logins' hashes still ran.
    expect(finished[0]).toBe('profile');
  });
});
