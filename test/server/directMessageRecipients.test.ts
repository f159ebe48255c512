import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 12 (feature levels 327 and 482): a one-to-one conversation's
// messages carry one `recipient_id`, whichever of the two wrote and whichever
// reads, distinct from every other conversation's; a note to self has its
// own; a group's is as it always was.

describe("direct messages' recipient_id", () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  const sendDirect = async (from: TestUser, to: TestUser[]) => {
    const sent = await org.api(from)('POST', '/messages', {
      type: 'private',
      to: to.map((user) => user.id),
      content: `from ${from.fullName}`,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    return sent.json.id as number;
  };
  const recipientIdAs = async (reader: TestUser, messageId: number) => {
    const answer = await org.api(reader)('GET', `/messages/${messageId}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.message.recipient_id as number;
  };
  const listedRecipientIds = async (reader: TestUser) => {
    const answer = await org.api(reader)('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [{ operator: 'is', operand: 'dm' }],
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const messages = answer.json.messages as { id: number; recipient_id: number }[];
    return new Map(messages.map((message) => [message.id, message.recipient_id]));
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
  });
  afterAll(() => org.close());

  it('gives both directions of a one-to-one conversation one recipient_id, for both readers', async () => {
    const queues = await Promise.all(
      [alice, bob].map(
        async (user) =>
          (await org.api(user)('POST', '/register', { event_types: ['message'] })).json
            .queue_id as string,
      ),
    );
    const fromAlice = await sendDirect(alice, [bob]);
    const fromBob = await sendDirect(bob, [alice]);

    const conversation = await recipientIdAs(alice, fromAlice);
    expect(await recipientIdAs(bob, fromAlice)).toBe(conversation);
    expect(await recipientIdAs(alice, fromBob)).toBe(conversation);
    expect(await recipientIdAs(bob, fromBob)).toBe(conversation);
    for (const reader of [alice, bob]) {
      const listed = await listedRecipientIds(reader);
      expect(listed.get(fromAlice)).toBe(conversation);
      expect(listed.get(fromBob)).toBe(conversation);
    }

    for (const [index, user] of [alice, bob].entries()) {
      const events = (
        await org.api(user)('GET', '/events', { queue_id: queues[index], dont_block: true })
      ).json.events as { type: string; message: { id: number; recipient_id: number } }[];
      expect(
        events.map((event) => [event.type, event.message.id, event.message.recipient_id]),
      ).toEqual([
        ['message', fromAlice, conversation],
        ['message', fromBob, conversation],
      ]);
    }
  });

  it('gives each conversation its own recipient_id: another pair, a note to self, a group', async () => {
    const aliceAndBob = await recipientIdAs(alice, await sendDirect(alice, [bob]));
    const aliceAndCarol = await recipientIdAs(carol, await sendDirect(carol, [alice]));
    const aliceAlone = await recipientIdAs(alice, await sendDirect(alice, [alice]));
    expect(await recipientIdAs(alice, await sendDirect(alice, [alice]))).toBe(aliceAlone);
    const group = await sendDirect(bob, [alice, carol]);
    const groupId = await recipientIdAs(bob, group);
    expect(await recipientIdAs(alice, group)).toBe(groupId);
    expect(await recipientIdAs(carol, group)).toBe(groupId);
    expect(await recipientIdAs(carol, await sendDirect(carol, [bob, alice]))).toBe(groupId);

    const channelMessage = await org.sendStream(alice, 'general', 'ids', 'hello');
    const channelId = await recipientIdAs(alice, channelMessage);
    expect(new Set([aliceAndBob, aliceAndCarol, aliceAlone, groupId, channelId]).size).toBe(5);
  });

  it('keeps every recipient_id across a restart', async () => {
    const before = await listedRecipientIds(alice);
    expect(before.size).toBeGreaterThan(0);
    await org.restart();
    expect(await listedRecipientIds(alice)).toEqual(before);
    const [oldest] = [...before.keys()].sort((a, b) => a - b);
    const conversation = before.get(oldest ?? 0);
    expect(await recipientIdAs(alice, await sendDirect(bob, [alice]))).toBe(conversation);
  });
});

describe("direct messages' recipient_id on a database written before Zulip 12", () => {
  let org: Org;
  const fixture = join(import.meta.dirname, '../fixtures/todays-database/hearth.sqlite3');
  // The fixture's people and its direct messages (scripts/make-todays-database.ts).
  const people = { alice: 4, bob: 5 };
  const bobToAlice = [34, 40];
  const aliceToBob = 33;
  const aliceToSelf = 36;

  beforeAll(async () => {
    org = await startOrg({ database: fixture });
  });
  afterAll(() => org.close());

  const readerOf = (id: number) => {
    const db = new Database(databaseFileOf(org.dataDir), { readonly: true });
    try {
      const row = db.prepare('SELECT email, api_key FROM users WHERE id = ?').get(id) as {
        email: string;
        api_key: string;
      };
      return { id, email: row.email, fullName: '', apiKey: row.api_key };
    } finally {
      db.close();
    }
  };
  const recipientIdAs = async (reader: TestUser, messageId: number) => {
    const answer = await org.api(reader)('GET', `/messages/${messageId}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer.json.message.recipient_id as number;
  };

  it('gives the one-to-one conversations already there one recipient_id each, kept by new messages', async () => {
    const alice = readerOf(people.alice);
    const bob = readerOf(people.bob);
    const conversation = await recipientIdAs(alice, aliceToBob);
    for (const id of [aliceToBob, ...bobToAlice]) {
      expect(await recipientIdAs(alice, id)).toBe(conversation);
      expect(await recipientIdAs(bob, id)).toBe(conversation);
    }
    const toSelf = await recipientIdAs(alice, aliceToSelf);
    expect(toSelf).not.toBe(conversation);

    const sent = await org.api(bob)('POST', '/messages', {
      type: 'private',
      to: [alice.id],
      content: 'after the move',
    });
    expect(await recipientIdAs(alice, sent.json.id as number)).toBe(conversation);
    await org.restart();
    expect(await recipientIdAs(bob, aliceToBob)).toBe(conversation);
    expect(await recipientIdAs(alice, aliceToSelf)).toBe(toSelf);
  });
});
