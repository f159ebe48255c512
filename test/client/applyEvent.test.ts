import { describe, expect, it } from 'vitest';
import { applyEvent, initialState, recentLimit } from '../../src-main/client/applyEvent';
import type { KnownEvent, Message, Subscription } from '../../src-main/wire';

const subscription = (stream_id: number, name: string): Subscription => ({
  stream_id,
  name,
  description: '',
  invite_only: false,
  color: '#76ce90',
  is_muted: false,
  in_home_view: true,
  pin_to_top: false,
  desktop_notifications: null,
  audible_notifications: null,
  push_notifications: null,
  email_notifications: null,
  wildcard_mentions_notify: null,
  email_address: `${name}@example.com`,
});

const message = (id: number): Message => ({
  id,
  type: 'stream',
  content: `<p>message ${id}</p>`,
  content_type: 'text/html',
  display_recipient: 'general',
  recipient_id: 1,
  sender_id: 2,
  sender_email: 'bob@example.com',
  sender_full_name: 'Bob',
  sender_realm_str: 'hearth',
  avatar_url: null,
  client: 'test',
  is_me_message: false,
  reactions: [],
  stream_id: 1,
  subject: 'greetings',
  subject_links: [],
  submessages: [],
  timestamp: 1_700_000_000 + id,
});

describe('applyEvent', () => {
  it('appends a delivered message with the flags its event carries', () => {
    const event: KnownEvent = { id: 0, type: 'message', message: message(7), flags: ['mentioned'] };

    const state = applyEvent(initialState({}), event);

    expect(state.recentMessages).toEqual([{ ...message(7), flags: ['mentioned'] }]);
  });

  it(`keeps only the newest ${recentLimit} delivered messages`, () => {
    let state = initialState({});
    for (let id = 1; id <= recentLimit + 3; id += 1) {
      state = applyEvent(state, { id, type: 'message', message: message(id), flags: [] });
    }

    expect(state.recentMessages).toHaveLength(recentLimit);
    expect(state.recentMessages[0]?.id).toBe(4);
  });

  it('adds new subscriptions in the name order /register lists them in', () => {
    const state = initialState({ subscriptions: [subscription(1, 'general')] });

    const next = applyEvent(state, {
      id: 1,
      type: 'subscription',
      op: 'add',
      subscriptions: [subscription(2, 'design')],
    });

    expect(next.subscriptions.map((s) => s.name)).toEqual(['design', 'general']);
  });

  it('keeps the rest of the /register state current with the shared reducer', () => {
    const state = initialState({ max_message_id: 5, subscriptions: [] });

    const next = applyEvent(state, { id: 1, type: 'message', message: message(9), flags: [] });

    expect(next.registered.max_message_id).toBe(9);
  });

  it('removes subscriptions by stream id', () => {
    const state = initialState({
      subscriptions: [subscription(1, 'general'), subscription(2, 'design')],
    });

    const next = applyEvent(state, {
      id: 1,
      type: 'subscription',
      op: 'remove',
      subscriptions: [{ stream_id: 1, name: 'general' }],
    });

    expect(next.subscriptions.map((s) => s.name)).toEqual(['design']);
  });

  it('leaves the state untouched, and unmutated, on a heartbeat', () => {
    const state = Object.freeze(initialState({ subscriptions: [subscription(1, 'general')] }));

    expect(applyEvent(state, { id: 3, type: 'heartbeat' })).toBe(state);
  });
});
