import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import {
  hasSpecType,
  profileOnlyFields,
  readSpec,
  specTable,
  type SpecField,
} from '../helpers/specFields';

// Section 2 of the interface spec, read from the spec itself: every field it
// names for a resource is on the real HTTP response that carries it, with the
// type it states. The spec file missing fails the test: readSpec throws.

/** What a response is, for the fields whose notes say when they are present. */
interface Context {
  streamMessage?: boolean;
  contentEdited?: boolean;
  topicEdited?: boolean;
  includeSubscribers?: boolean;
  includeCustomProfileFields?: boolean;
  bot?: boolean;
}

// Each condition the spec's notes state, as the part of the context it needs.
const conditions: [RegExp, keyof Context][] = [
  [/Present only for stream messages/, 'streamMessage'],
  [/Only when content was edited/, 'contentEdited'],
  [/Only when the topic was edited/, 'topicEdited'],
  [/Present only when include_subscribers is true/, 'includeSubscribers'],
  [/only when include_custom_profile_fields is true/, 'includeCustomProfileFields'],
  [/^For bots/, 'bot'],
];

function applies(field: SpecField, context: Context): boolean {
  const condition = conditions.find(([pattern]) => pattern.test(field.notes));
  if (condition) return context[condition[1]] === true;
  if (/\b(present only|included .* only|only when|only for)\b/i.test(field.notes)) {
    throw new Error(`the spec states a condition this test cannot read: ${field.notes}`);
  }
  return true;
}

// "The payload key carries the product name in place of `chat`" (Server settings).
const payloadKey = (field: SpecField): string =>
  /product name in place of `chat`/.test(field.notes)
    ? field.name.replace(/^chat_/, 'zulip_')
    : field.name;

/** The spec's fields that `value` lacks or has with another type, by name. */
function offences(value: Record<string, unknown>, fields: SpecField[], context: Context): string[] {
  return fields
    .filter((field) => applies(field, context))
    .flatMap((field) => {
      const key = payloadKey(field);
      if (!(key in value)) return [`${key}: missing`];
      return hasSpecType(value[key], field.type)
        ? []
        : [`${key}: ${JSON.stringify(value[key])} is not ${field.type}`];
    });
}

const spec = readSpec();

describe('every field the interface spec names, on the responses it names it for', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let streamMessageId: number;
  let privateMessageId: number;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'kitchen');
    await org.subscribe(bob, 'kitchen');
    streamMessageId = (
      await org.api(alice)('POST', '/messages', {
        type: 'stream',
        to: 'kitchen',
        topic: 'soup',
        content: 'hello **world**',
      })
    ).json.id;
    privateMessageId = (
      await org.api(alice)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([bob.email]),
        content: 'just us',
      })
    ).json.id;
    await org.api(alice)('POST', '/bots', { full_name: 'Robot', short_name: 'robot' });
    await org.api(org.owner)('POST', '/realm/profile_fields', { name: 'Team', field_type: 1 });
  });
  afterAll(() => org.close());

  const expectSpecFields = (
    value: Record<string, unknown> | undefined,
    fields: SpecField[],
    context: Context,
  ) => {
    expect(value, 'the response holds the resource').toBeDefined();
    expect(offences(value ?? {}, fields, context)).toEqual([]);
  };

  it('reads a field table for each resource of section 2', () => {
    for (const heading of [
      'Message',
      'Edit-history snapshot',
      'Stream',
      'Subscription',
      'User',
      'Server settings',
    ]) {
      expect(specTable(spec, heading).length, heading).toBeGreaterThan(2);
    }
    expect(profileOnlyFields(spec).map((field) => field.name)).toEqual([
      'pointer',
      'max_message_id',
      'client_id',
      'short_name',
    ]);
  });

  it.each([true, false])(
    'gives stream and private messages every Message field on GET /messages (apply_markdown %s)',
    async (applyMarkdown) => {
      const fields = specTable(spec, 'Message');
      for (const [id, streamMessage] of [
        [streamMessageId, true],
        [privateMessageId, false],
      ] as const) {
        const response = await org.api(bob)('GET', '/messages', {
          anchor: id,
          num_before: 0,
          num_after: 0,
          apply_markdown: applyMarkdown,
        });
        const [message] = response.json.messages;
        expectSpecFields(message, fields, { streamMessage });
        if (!streamMessage) {
          for (const recipient of message.display_recipient) {
            expect(Object.keys(recipient).sort()).toEqual(
              ['email', 'full_name', 'id', 'is_mirror_dummy', 'short_name'].sort(),
            );
          }
        }
      }
    },
  );

  it('gives the message of GET /messages/{id} every Message field', async () => {
    const fields = specTable(spec, 'Message');
    for (const [id, streamMessage] of [
      [streamMessageId, true],
      [privateMessageId, false],
    ] as const) {
      const response = await org.api(bob)('GET', `/messages/${id}`);
      expectSpecFields(response.json.message, fields, { streamMessage });
    }
  });

  it('gives the message of a message event every field section 6 lists for it', async () => {
    const row = spec.split('\n').find((line) => line.startsWith('| message |'));
    const listed = /\(fields: ([^)]+)\)/.exec(row ?? '')?.[1];
    expect(listed, 'section 6 lists the fields of a message event').toBeDefined();
    const names = (listed ?? '').split(',').map((name) => name.trim());
    const messageFields = specTable(spec, 'Message');
    const fields = names.map(
      (name) =>
        messageFields.find((field) => field.name === name) ?? { name, type: 'string', notes: '' },
    );

    const queue = (await org.api(bob)('POST', '/register', { event_types: ['message'] })).json;
    await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([bob.email]),
      content: 'an event',
    });
    const events = (
      await org.api(bob)('GET', '/events', {
        queue_id: queue.queue_id,
        last_event_id: queue.last_event_id,
      })
    ).json.events as { type: string; message?: Record<string, unknown> }[];
    const event = events.find((candidate) => candidate.type === 'message');
    expectSpecFields(event?.message, fields, { streamMessage: false });
    expect(event?.message?.sender_short_name).toBe('alice');
  });

  it('gives every snapshot of GET /messages/{id}/history the fields of its kind of edit', async () => {
    const fields = specTable(spec, 'Edit-history snapshot');
    await org.api(alice)('PATCH', `/messages/${streamMessageId}`, { content: 'hello **there**' });
    await org.api(alice)('PATCH', `/messages/${streamMessageId}`, { topic: 'stew' });
    const response = await org.api(bob)('GET', `/messages/${streamMessageId}/history`);
    const [original, contentEdit, topicEdit] = response.json.message_history;

    expectSpecFields(original, fields, {});
    const originalOnly = /holds only ([^.]+)\./.exec(spec)?.[1] ?? '';
    expect(Object.keys(original).sort()).toEqual(
      originalOnly
        .split(/, | and /)
        .map((name) => name.trim())
        .sort(),
    );
    expectSpecFields(contentEdit, fields, { contentEdited: true });
    expectSpecFields(topicEdit, fields, { topicEdited: true });
  });

  it.each([false, true])(
    'gives every subscription every Subscription and Stream field (include_subscribers %s)',
    async (includeSubscribers) => {
      const fields = [...specTable(spec, 'Stream'), ...specTable(spec, 'Subscription')];
      const response = await org.api(alice)('GET', '/users/me/subscriptions', {
        include_subscribers: includeSubscribers,
      });
      expect(response.json.subscriptions.length).toBeGreaterThan(0);
      for (const subscription of response.json.subscriptions) {
        expectSpecFields(subscription, fields, { includeSubscribers });
      }
    },
  );

  it('gives every stream of GET /streams every Stream field', async () => {
    const response = await org.api(alice)('GET', '/streams');
    expect(response.json.streams.length).toBeGreaterThan(0);
    for (const stream of response.json.streams) {
      expectSpecFields(stream, specTable(spec, 'Stream'), {});
    }
  });

  it('gives every member of GET /users every User field, bots their owner by email', async () => {
    const response = await org.api(alice)('GET', '/users', {
      include_custom_profile_fields: true,
    });
    const members = response.json.members as Record<string, unknown>[];
    expect(members.some((member) => member.is_bot === true)).toBe(true);
    for (const member of members) {
      const bot = member.is_bot === true;
      expectSpecFields(member, specTable(spec, 'User'), {
        includeCustomProfileFields: !bot,
        bot,
      });
      if (bot) expect(member.bot_owner).toBe(alice.email);
    }
  });

  it('gives GET /users/me every User field and the profile-only fields', async () => {
    const response = await org.api(alice)('GET', '/users/me');
    expectSpecFields(response.json, [...specTable(spec, 'User'), ...profileOnlyFields(spec)], {
      includeCustomProfileFields: true,
    });
  });

  it('gives GET /server_settings every Server settings field', async () => {
    const response = await org.api()('GET', '/server_settings');
    expectSpecFields(response.json, specTable(spec, 'Server settings'), {});
  });
});
