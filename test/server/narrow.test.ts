import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

describe('narrow operators of GET /messages', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let streamId: number;
  const sent: Record<string, number> = {};

  const send = async (user: TestUser, name: string, params: Record<string, unknown>) => {
    const response = await org.api(user)('POST', '/messages', params);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    sent[name] = response.json.id;
  };
  const narrowed = async (user: TestUser, narrow: unknown[]) => {
    const response = await org.api(user)('GET', '/messages', {
      anchor: 'oldest',
      num_before: 0,
      num_after: 100,
      narrow,
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    const ids = response.json.messages.map((m: { id: number }) => m.id);
    return Object.keys(sent).filter((name) => ids.includes(sent[name]));
  };
  const refused = async (narrow: unknown[]) => {
    const response = await org.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow,
    });
    expect(response.status).toBe(400);
    return response.json;
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    await org.subscribe(alice, 'garden');
    await org.subscribe(bob, 'garden');
    await org.subscribe(alice, 'kitchen');
    const stream = to('garden');
    await send(alice, 'roses', { ...stream, topic: 'Roses', content: 'red roses' });
    await send(bob, 'tulips', {
      ...stream,
      topic: 'tulips',
      content: 'see https://tulips.example',
    });
    await send(alice, 'kettle', { ...to('kitchen'), topic: 'tea', content: 'kettle on' });
    await send(alice, 'toBob', {
      type: 'private',
      to: JSON.stringify([bob.id]),
      content: 'hi bob',
    });
    await send(bob, 'toAlice', { type: 'private', to: alice.email, content: 'hi alice' });
    await send(alice, 'toCarol', { type: 'private', to: carol.email, content: 'hi carol' });
    await send(alice, 'group', {
      type: 'private',
      to: JSON.stringify([bob.email, carol.email]),
      content: 'hi all',
    });
    await send(alice, 'self', { type: 'private', to: alice.email, content: 'note' });
    const streams = await org.api(alice)('GET', '/get_stream_id', { stream: 'garden' });
    streamId = streams.json.stream_id;
  });
  afterAll(() => org.close());

  const to = (stream: string) => ({ type: 'stream', to: stream });

  it('narrows to a stream by name or ID', async () => {
    expect(await narrowed(alice, [['stream', 'garden']])).toEqual(['roses', 'tulips']);
    expect(await narrowed(alice, [{ operator: 'stream', operand: streamId }])).toEqual([
      'roses',
      'tulips',
    ]);
  });

  it('matches a topic regardless of case', async () => {
    expect(
      await narrowed(bob, [
        ['stream', 'garden'],
        ['topic', 'roses'],
      ]),
    ).toEqual(['roses']);
  });

  it('narrows to a sender by email or ID', async () => {
    expect(await narrowed(alice, [['sender', bob.email]])).toEqual(['tulips', 'toAlice']);
    expect(await narrowed(alice, [{ operator: 'sender', operand: bob.id }])).toEqual([
      'tulips',
      'toAlice',
    ]);
  });

  it('finds both directions of a one-to-one conversation with pm-with and dm', async () => {
    expect(await narrowed(alice, [['pm-with', bob.email]])).toEqual(['toBob', 'toAlice']);
    expect(await narrowed(bob, [{ operator: 'dm', operand: [alice.id] }])).toEqual([
      'toBob',
      'toAlice',
    ]);
    expect(await narrowed(alice, [['pm-with', alice.email]])).toEqual(['self']);
  });

  it('finds a group conversation from a comma-separated email list or IDs', async () => {
    expect(await narrowed(alice, [['pm-with', `${bob.email},${carol.email}`]])).toEqual(['group']);
    expect(await narrowed(carol, [{ operator: 'pm-with', operand: [alice.id, bob.id] }])).toEqual([
      'group',
    ]);
  });

  it('finds group conversations shared with a user via group-pm-with', async () => {
    expect(await narrowed(bob, [['group-pm-with', carol.email]])).toEqual(['group']);
    expect(await narrowed(alice, [['dm-including', carol.email]])).toEqual(['toCarol', 'group']);
  });

  it('selects private messages with is:private and is:dm', async () => {
    const all = ['toBob', 'toAlice', 'toCarol', 'group', 'self'];
    expect(await narrowed(alice, [['is', 'private']])).toEqual(all);
    expect(await narrowed(alice, [['is', 'dm']])).toEqual(all);
  });

  it('selects by the viewer flags with is:unread, is:starred, is:mentioned, is:alerted', async () => {
    expect(await narrowed(bob, [['is', 'unread']])).toEqual(['roses', 'toBob', 'group']);
    expect(await narrowed(alice, [['is', 'unread']])).toEqual(['tulips', 'toAlice']);
    for (const operand of ['starred', 'mentioned', 'alerted']) {
      expect(await narrowed(alice, [['is', operand]])).toEqual([]);
    }
  });

  it('selects messages with links with has:link', async () => {
    expect(await narrowed(alice, [['has', 'link']])).toEqual(['tulips']);
    expect(await narrowed(alice, [['has', 'image']])).toEqual([]);
    expect(await narrowed(alice, [['has', 'attachment']])).toEqual([]);
  });

  it('selects one message with id and ignores near', async () => {
    expect(await narrowed(alice, [['id', String(sent.kettle)]])).toEqual(['kettle']);
    expect(await narrowed(alice, [{ operator: 'id', operand: sent.roses }])).toEqual(['roses']);
    expect(
      await narrowed(alice, [
        ['stream', 'kitchen'],
        ['near', String(sent.roses)],
      ]),
    ).toEqual(['kettle']);
  });

  it('reads every public stream with streams:public, subscribed or not', async () => {
    expect(await narrowed(carol, [['streams', 'public']])).toEqual(['roses', 'tulips', 'kettle']);
  });

  it('negates any term', async () => {
    expect(
      await narrowed(alice, [
        ['stream', 'garden'],
        { operator: 'topic', operand: 'roses', negated: true },
      ]),
    ).toEqual(['tulips']);
    expect(await narrowed(alice, [{ operator: 'is', operand: 'private', negated: true }])).toEqual([
      'roses',
      'tulips',
      'kettle',
    ]);
    expect(
      await narrowed(alice, [
        ['is', 'private'],
        { operator: 'sender', operand: alice.email, negated: true },
      ]),
    ).toEqual(['toAlice']);
  });

  it('rejects unknown operators and operands with BAD_NARROW', async () => {
    const cases: [unknown[], string][] = [
      [[['color', 'red']], 'Invalid narrow operator: unknown operator color'],
      [[['is', 'purple']], "Invalid narrow operator: unknown 'is' operand purple"],
      [[['has', 'smell']], "Invalid narrow operator: unknown 'has' operand smell"],
      [[['stream', 'nowhere']], 'Invalid narrow operator: unknown channel nowhere'],
      [
        [['sender', 'nobody@hearth.test']],
        'Invalid narrow operator: unknown user nobody@hearth.test',
      ],
      [
        [['pm-with', 'nobody@hearth.test']],
        'Invalid narrow operator: unknown user in nobody@hearth.test',
      ],
      [[['streams', 'private']], 'Invalid narrow operator: unknown channels operand private'],
      [[['id', 'seven']], 'Invalid narrow operator: Invalid message ID'],
    ];
    for (const [narrow, msg] of cases) {
      expect(await refused(narrow)).toEqual({ result: 'error', code: 'BAD_NARROW', msg });
    }
  });

  it('rejects a narrow that is not a list of terms', async () => {
    const json = await refused([{ operator: 'stream' }]);
    expect(json.var_name).toBe('narrow');
  });
});
