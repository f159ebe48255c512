import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Cache } from '../../../src-main/client/cache/accountCache';
import { openCache } from '../../../src-main/client/cache/openCache';
import type { Message, QueuedEvent, Subscription, User } from '../../../src-main/wire';

const folders: string[] = [];
const opened: Cache[] = [];

afterEach(() => {
  for (const cache of opened.splice(0)) cache.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A fresh temporary folder, removed after the test. */
export function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'hearth-cache-'));
  folders.push(folder);
  return folder;
}

/** A cache in a temporary folder, closed after the test unless closed before. */
export function freshCache(file = join(tempFolder(), 'account.db')): Cache {
  const { cache } = openCache(file, { log: () => undefined });
  opened.push(cache);
  return cache;
}

export function reopen(cache: Cache, file: string): Cache {
  cache.close();
  opened.splice(opened.indexOf(cache), 1);
  return freshCache(file);
}

export const me = { id: 10, email: 'me@hearth.test', full_name: 'Me' };
export const bob = { id: 11, email: 'bob@hearth.test', full_name: 'Bob' };
export const carol = { id: 12, email: 'carol@hearth.test', full_name: 'Carol' };

interface StreamMessageOptions {
  streamId?: number;
  stream?: string;
  topic?: string;
  content?: string;
  sender?: typeof me;
  flags?: string[];
}

const common = (id: number, sender: typeof me, content: string, flags: string[]) => ({
  id,
  content,
  content_type: 'text/html' as const,
  recipient_id: 1,
  sender_id: sender.id,
  sender_email: sender.email,
  sender_full_name: sender.full_name,
  sender_realm_str: 'hearth',
  avatar_url: null,
  client: 'test',
  flags,
  is_me_message: false,
  reactions: [],
  subject_links: [],
  submessages: [],
  timestamp: 1_700_000_000 + id,
});

export function streamMessage(id: number, options: StreamMessageOptions = {}): Message {
  return {
    ...common(
      id,
      options.sender ?? bob,
      options.content ?? `<p>message ${id}</p>`,
      options.flags ?? [],
    ),
    type: 'stream',
    display_recipient: options.stream ?? 'general',
    stream_id: options.streamId ?? 1,
    subject: options.topic ?? 'greetings',
  };
}

export function privateMessage(
  id: number,
  participants: (typeof me)[],
  options: { content?: string; sender?: typeof me; flags?: string[] } = {},
): Message {
  return {
    ...common(
      id,
      options.sender ?? participants[0] ?? me,
      options.content ?? `<p>dm ${id}</p>`,
      options.flags ?? [],
    ),
    type: 'private',
    display_recipient: participants.map((user) => ({ ...user, is_mirror_dummy: false })),
    subject: '',
  };
}

let eventId = 0;

export function messageEvent(message: Message, flags: string[] = []): QueuedEvent {
  eventId += 1;
  return { id: eventId, type: 'message', message, flags };
}

export function event(type: string, fields: Record<string, unknown>): QueuedEvent {
  eventId += 1;
  return { id: eventId, type, ...fields };
}

export const ids = (messages: readonly { id: number }[]) => messages.map((message) => message.id);

export function subscription(streamId: number, name: string, isMuted = false): Subscription {
  return {
    stream_id: streamId,
    name,
    description: '',
    invite_only: false,
    color: '#76ce90',
    is_muted: isMuted,
    in_home_view: !isMuted,
    pin_to_top: false,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    email_address: '',
  };
}

export function user(person: typeof me): User {
  return {
    user_id: person.id,
    email: person.email,
    full_name: person.full_name,
    is_admin: false,
    is_bot: false,
    is_active: true,
    is_guest: false,
    bot_type: null,
    avatar_url: null,
    timezone: '',
    date_joined: '2024-01-01T00:00:00Z',
  };
}

export const noUnread = {
  pms: [],
  streams: [],
  huddles: [],
  mentions: [],
  count: 0,
  old_unreads_missing: false,
};

/** A cache that holds these messages as the whole history of the organization, as the reader `me` sees it. */
export function cacheHolding(messages: Message[]): Cache {
  const cache = freshCache();
  cache.storeRegister({ user_id: me.id }, { queueId: 'q', lastEventId: -1 });
  cache.storePage(
    { kind: 'all' },
    { anchor: 'newest', numBefore: 100, numAfter: 0 },
    { anchor: 1e16, found_anchor: false, found_oldest: true, found_newest: true, messages },
  );
  return cache;
}
