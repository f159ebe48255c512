import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('who may read which messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let eve: TestUser;
  const secret: Record<string, number> = {};
  const streamIds: Record<string, number> = {};

  const post = async (user: TestUser, name: string, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    secret[name] = response.json.id;
  };
  const createPrivate = async (name: string, historyPublic: boolean) => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      invite_only: true,
      history_public_to_subscribers: historyPublic,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const found = await org.api(alice)('GET', '/get_stream_id', { stream: name });
    streamIds[name] = found.json.stream_id;
  };
  const addBob = async (stream: string) => {
    const response = await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: stream }],
      principals: [bob.email],
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
  };
  const read = async (user: TestUser, narrow: unknown[]) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 1000,
      narrow,
    });
    return {
      status: response.status,
      messages: (response.json.messages ?? []) as { id: number; flags: string[] }[],
    };
  };
  const seen = async (user: TestUser, narrow: unknown[]) => {
    const ids = (await read(user, narrow)).messages.map((m) => m.id);
    return Object.keys(secret).filter((name) => ids.includes(secret[name] ?? -1));
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    eve = await org.user('eve');
    await createPrivate('vault', false);
    await createPrivate('archive', true);
    const say = (to: string, topic: string, content: string) => ({
      type: 'stream',
      to,
      topic,
      content,
    });
    await post(alice, 'vaultBefore', say('vault', 'plans', 'secret plans https://x.example'));
    await post(alice, 'archiveBefore', say('archive', 'plans', 'secret archive'));
    await addBob('vault');
    await addBob('archive');
    await post(alice, 'vaultAfter', say('vault', 'plans', 'secret later'));
    await post(alice, 'archiveAfter', say('archive', 'plans', 'secret later archive'));
    await post(alice, 'dm', { type: 'private', to: carol.email, content: 'secret to carol' });
    await post(alice, 'group', {
      type: 'private',
      to: JSON.stringify([bob.id, carol.id]),
      content: 'secret group',
    });
  });
  afterAll(() => org.close());

  it('shows a private stream without shared history only from when a subscriber joined', async () => {
    expect(await seen(bob, [['stream', 'vault']])).toEqual(['vaultAfter']);
    expect(await seen(alice, [['stream', 'vault']])).toEqual(['vaultBefore', 'vaultAfter']);
  });

  it('shows a private stream with shared history in full, older messages as historical', async () => {
    const { messages } = await read(bob, [['stream', 'archive']]);
    expect(messages.map((m) => m.id)).toEqual([secret.archiveBefore, secret.archiveAfter]);
    expect(messages[0]?.flags).toEqual(['read', 'historical']);
    expect(messages[1]?.flags).toEqual([]);
  });

  it('keeps every message from an outsider, whatever the narrow', async () => {
    const anyId = (name: string) => String(secret[name]);
    const narrows: unknown[][] = [
      [],
      [['stream', 'vault']],
      [{ operator: 'stream', operand: streamIds.vault }],
      [['stream', 'archive']],
      [{ operator: 'stream', operand: streamIds.archive }],
      [
        ['stream', 'archive'],
        ['topic', 'plans'],
      ],
      [['topic', 'plans']],
      [['sender', alice.email]],
      [{ operator: 'sender', operand: alice.id }],
      [['pm-with', alice.email]],
      [['pm-with', `${alice.email},${carol.email}`]],
      [{ operator: 'pm-with', operand: [alice.id, bob.id, carol.id] }],
      [['group-pm-with', alice.email]],
      [['dm-including', carol.email]],
      [['is', 'private']],
      [['is', 'unread']],
      [['is', 'starred']],
      [['is', 'mentioned']],
      [['has', 'link']],
      [['search', 'secret']],
      [
        ['stream', 'vault'],
        ['search', 'secret'],
      ],
      [['streams', 'public']],
      [
        ['streams', 'public'],
        ['stream', 'vault'],
      ],
      [
        ['stream', 'vault'],
        ['streams', 'public'],
      ],
      [{ operator: 'stream', operand: 'vault', negated: true }],
      [{ operator: 'is', operand: 'private', negated: true }],
      [['in', 'all']],
      [['in', 'home']],
      [['near', anyId('vaultBefore')]],
      ...Object.keys(secret).map((name) => [['id', anyId(name)]]),
      ...Object.keys(secret).map((name) => [
        ['stream', 'archive'],
        ['id', anyId(name)],
      ]),
    ];
    for (const narrow of narrows) {
      expect(await seen(eve, narrow), JSON.stringify(narrow)).toEqual([]);
    }
    for (const anchor of [...Object.values(secret), 'first_unread', 'newest']) {
      const response = await org.api(eve)('GET', '/messages', {
        anchor,
        num_before: 10,
        num_after: 10,
        narrow: [['stream', 'archive']],
      });
      expect(response.json.messages).toEqual([]);
    }
  });

  it('keeps private messages between their participants', async () => {
    expect(await seen(carol, [['is', 'private']])).toEqual(['dm', 'group']);
    expect(await seen(bob, [['is', 'private']])).toEqual(['group']);
    expect(await seen(bob, [['pm-with', `${alice.email},${carol.email}`]])).toEqual(['group']);
    expect(await seen(bob, [['pm-with', carol.email]])).toEqual([]);
  });
});
