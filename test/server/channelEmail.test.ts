import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookBot } from '../helpers/webhooks';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// A channel's email address, which Zulip 8.0 moved out of subscription
// objects into GET /streams/{stream_id}/email_address (feature level 226).
// Hearth offers no email gateway: Zulip then answers an empty address, after
// the same checks: the sender_id given (feature level 335), and the caller's
// permission to post in the channel (feature level 448).

describe('a channel’s email address', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let lobby: number;

  const address = (user: TestUser, id: number, params: Record<string, unknown> = {}) =>
    org.api(user)('GET', `/streams/${id}/email_address`, params);

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'lobby');
    lobby = (await org.api(alice)('GET', '/get_stream_id', { stream: 'lobby' })).json
      .stream_id as number;
  });
  afterAll(() => org.close());

  it('answers the empty address of a server without the email gateway (feature level 226)', async () => {
    const answer = await address(alice, lobby);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ result: 'success', msg: '', email: '' });
    // Subscribed or not: a public channel's address is anyone's who may post there.
    expect((await address(bob, lobby)).json.email).toBe('');
  });

  it('keeps email_address in subscription objects for the clients of 7.0, empty as the address', async () => {
    const listed = (await org.api(alice)('GET', '/users/me/subscriptions')).json.subscriptions as {
      name: string;
      email_address?: string;
    }[];
    expect(listed.find((sub) => sub.name === 'lobby')?.email_address).toBe('');
  });

  it('refuses a channel the caller cannot reach', async () => {
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'board-room' }],
      invite_only: true,
    });
    const boardRoom = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'board-room' }))
      .json.stream_id as number;
    const refused = await address(alice, boardRoom);
    expect(refused.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    expect((await address(alice, 999_999)).json).toMatchObject({ msg: 'Invalid channel ID' });
  });

  it('takes sender_id of the caller or of a bot they own, and no one else (feature level 335)', async () => {
    const bot = await createWebhookBot(org, alice, 'mailer');
    expect((await address(alice, lobby, { sender_id: alice.id })).json.email).toBe('');
    expect((await address(alice, lobby, { sender_id: bot.id })).json.email).toBe('');
    const others = await address(bob, lobby, { sender_id: bot.id });
    expect(others.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    const person = await address(alice, lobby, { sender_id: bob.id });
    expect(person.json).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such bot' });
  });

  it('gives the address only to those who may post in the channel (feature level 448)', async () => {
    await org.subscribe(alice, 'announcements');
    const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'announcements' })).json
      .stream_id as number;
    await org.api(org.owner)('PATCH', `/streams/${id}`, {
      can_send_message_group: JSON.stringify({
        new: { direct_members: [org.owner.id], direct_subgroups: [] },
      }),
    });
    const refused = await address(alice, id);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'You do not have permission to post in this channel.',
    });
    expect((await address(org.owner, id)).json.email).toBe('');
  });
});
