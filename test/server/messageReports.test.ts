import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// POST /messages/{message_id}/report, Zulip 10's moderation requests
// (feature level 382), as Zulip 12 words them.
describe('reporting a message', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let moderationId: number;

  const streamIdOf = async (name: string): Promise<number> =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id;
  const send = async (user: TestUser, params: Record<string, unknown>) =>
    (await org.api(user)('POST', '/messages', params)).json.id as number;
  const report = (user: TestUser, messageId: number, params: Record<string, unknown>) =>
    org.api(user)('POST', `/messages/${messageId}/report`, params);
  const timestampOf = async (user: TestUser, id: number) =>
    (await org.api(user)('GET', `/messages/${id}`)).json.message.timestamp as number;
  const globalTime = (seconds: number) =>
    `<time:${new Date(seconds * 1000).toISOString().slice(0, 19)}+00:00>`;
  const mention = (user: TestUser) => `@_**${user.fullName}|${user.id}**`;
  // The moderators' view of the channel: its newest message.
  const newestRequest = async () =>
    (
      await org.api(org.owner)('GET', '/messages', {
        anchor: 'newest',
        num_before: 1,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: moderationId }],
        apply_markdown: false,
      })
    ).json.messages[0] as { id: number; content: string; subject: string } | undefined;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    for (const user of [alice, bob]) await org.subscribe(user, 'design');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'moderation' }],
      invite_only: true,
    });
    moderationId = await streamIdOf('moderation');
  });
  afterAll(() => org.close());

  it('refuses while the organization names no moderation request channel', async () => {
    const id = await send(bob, { type: 'stream', to: 'design', topic: 'plans', content: 'x' });
    const response = await report(alice, id, { report_type: 'spam' });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({
      result: 'error',
      msg: 'Message reporting is not enabled in this organization.',
      code: 'BAD_REQUEST',
    });
  });

  it("posts a channel message's report to the moderators, in a topic named for its sender", async () => {
    const set = await org.api(org.owner)('PATCH', '/realm', {
      moderation_request_channel_id: moderationId,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    const id = await send(bob, {
      type: 'stream',
      to: 'design',
      topic: 'plans',
      content: 'a ```fenced``` insult',
    });
    const response = await report(alice, id, {
      report_type: 'harassment',
      description: 'not kind',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const posted = await newestRequest();
    expect(posted?.subject).toBe(`${bob.fullName} moderation`);
    expect(posted?.content).toBe(
      [
        `${mention(alice)} reported a message sent by ${mention(bob)} at ${globalTime(await timestampOf(bob, id))}.`,
        '```quote',
        '**Harassment**. not kind',
        '```',
        '',
        `\`\`\`\` spoiler Original message at #**design>plans@${id}**`,
        'a ```fenced``` insult',
        '````',
      ].join('\n'),
    );
  });

  it('names the other person when one reports their own direct message', async () => {
    const id = await send(carol, { type: 'direct', to: JSON.stringify([bob.id]), content: 'hi' });
    expect((await report(carol, id, { report_type: 'spam' })).json.result).toBe('success');
    const posted = await newestRequest();
    const people = [bob.id, carol.id].sort((a, b) => a - b).join(',');
    const lines = posted?.content.split('\n') ?? [];
    expect(lines[0]).toBe(
      `${mention(carol)} reported a direct message sent by ${mention(carol)} to ${mention(bob)} at ${globalTime(await timestampOf(carol, id))}.`,
    );
    expect(lines[2]).toBe('**Spam**. ');
    expect(lines[5]).toMatch(
      new RegExp(
        `^\`\`\` spoiler \\[Original message\\]\\(.*/#narrow/dm/${people}-dm/near/${id}\\)$`,
      ),
    );
    expect(posted?.subject).toBe(`${carol.fullName} moderation`);
  });

  it('refuses a bad report, a message out of reach and an unknown one, posting nothing', async () => {
    const id = await send(bob, { type: 'stream', to: 'design', topic: 'plans', content: 'y' });
    const secret = await send(alice, {
      type: 'direct',
      to: JSON.stringify([bob.id]),
      content: 'secret',
    });
    const before = (await newestRequest())?.id;
    const cases: [TestUser, number, Record<string, unknown>, string][] = [
      [alice, id, { report_type: 'other' }, 'An explanation is required.'],
      [
        alice,
        id,
        { report_type: 'rude' },
        'Invalid report_type: Value error, Not in the list of possible values',
      ],
      [
        alice,
        id,
        { report_type: 'spam', description: 'x'.repeat(1001) },
        'description is too long (limit: 1000 characters)',
      ],
      [carol, secret, { report_type: 'spam' }, 'Invalid message(s)'],
      [alice, 999_999, { report_type: 'spam' }, 'Invalid message(s)'],
    ];
    for (const [user, messageId, params, msg] of cases) {
      const response = await report(user, messageId, params);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ result: 'error', msg });
    }
    expect((await newestRequest())?.id).toBe(before);
  });
});
