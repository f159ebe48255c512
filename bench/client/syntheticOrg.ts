import type { InitialState } from '../../src-main/wire/registerState';
import type { Message, Subscription, User } from '../../src-main/wire';
import { noLookups } from '../../src-main/server/markdown/lookups';
import { buildContentPool, type PooledContent } from '../server/contentPool';
import { Prng, Zipf } from '../server/prng';
import { contentWords, fullNames, streamNamesFor } from '../server/vocabulary';

/** What an account of a busy organization holds, made up the same way for the same seed. */
export interface SyntheticOrg {
  ownUserId: number;
  users: User[];
  subscriptions: Subscription[];
  words: readonly string[];
  pool: readonly PooledContent[];
}

const streamCount = 20;
const topicsPerStream = 30;
const userCount = 60;

export function syntheticOrg(seed: number): SyntheticOrg {
  const prng = new Prng(seed);
  const words = contentWords(prng, 3_000);
  const names = fullNames(prng, userCount);
  const streamNames = streamNamesFor(streamCount);
  const users: User[] = names.map((fullName, index) => ({
    user_id: index + 1,
    email: `user${index + 1}@bench.example`,
    full_name: fullName,
    is_admin: index === 0,
    is_bot: false,
    is_active: true,
    is_guest: false,
    bot_type: null,
    avatar_url: `/avatar/${index + 1}`,
    timezone: '',
    date_joined: '2026-01-01T00:00:00.000Z',
  }));
  const subscriptions = streamNames.map((name, index) => ({
    stream_id: index + 1,
    name,
    description: `All about ${name}`,
    invite_only: false,
    color: '#76ce90',
    is_muted: false,
    in_home_view: true,
    pin_to_top: index === 0,
    desktop_notifications: null,
    audible_notifications: null,
    push_notifications: null,
    email_notifications: null,
    wildcard_mentions_notify: null,
    email_address: '',
  })) as Subscription[];
  const pool = buildContentPool(prng, 2_000, {
    words,
    fullNames: names,
    streamNames,
    lookups: noLookups,
  });
  return { ownUserId: 1, users, subscriptions, words, pool };
}

/** The /register state the account's cache starts from. */
export function registerState(org: SyntheticOrg): InitialState {
  return {
    user_id: org.ownUserId,
    full_name: org.users[0]?.full_name ?? '',
    subscriptions: org.subscriptions,
    realm_users: org.users,
    unread_msgs: {
      pms: [],
      streams: [],
      huddles: [],
      mentions: [],
      count: 0,
      old_unreads_missing: false,
    },
  } as InitialState;
}

/**
 * Messages with IDs from `firstId`, as GET /messages gives them (rendered
 * HTML, the reader's flags): mostly in streams, busy ones busier, some
 * private; a few unread.
 */
export function* syntheticMessages(
  org: SyntheticOrg,
  seed: number,
  firstId: number,
  count: number,
): Generator<Message> {
  const prng = new Prng(seed);
  const streamRank = new Zipf(org.subscriptions.length, 1);
  const topicRank = new Zipf(topicsPerStream, 1);
  const bodyRank = new Zipf(org.pool.length, 0.8);
  const start = Math.floor(Date.UTC(2026, 0, 1) / 1000);
  for (let index = 0; index < count; index++) {
    const id = firstId + index;
    const sender = org.users[prng.int(org.users.length)] ?? org.users[0];
    const body = org.pool[bodyRank.index(prng)] ?? org.pool[0];
    if (!sender || !body) throw new Error('the synthetic organization is empty');
    const base = {
      id,
      content: body.html,
      content_type: 'text/html' as const,
      sender_id: sender.user_id,
      sender_email: sender.email,
      sender_full_name: sender.full_name,
      sender_realm_str: '',
      avatar_url: sender.avatar_url ?? null,
      client: 'website',
      flags: prng.chance(0.03) ? [] : ['read'],
      is_me_message: false,
      reactions: [],
      subject_links: [],
      submessages: [],
      timestamp: start + id * 20,
    };
    if (prng.chance(0.12)) {
      const other = org.users[1 + prng.int(org.users.length - 1)] ?? sender;
      const people = [org.users[0], other].flatMap((user) =>
        user
          ? [
              {
                id: user.user_id,
                email: user.email,
                full_name: user.full_name,
                is_mirror_dummy: false,
              },
            ]
          : [],
      );
      yield {
        ...base,
        type: 'private',
        display_recipient: people,
        recipient_id: 10_000 + other.user_id,
        subject: '',
      };
      continue;
    }
    const stream = org.subscriptions[streamRank.index(prng)] ?? org.subscriptions[0];
    if (!stream) throw new Error('the synthetic organization has no stream');
    yield {
      ...base,
      type: 'stream',
      display_recipient: stream.name,
      recipient_id: stream.stream_id,
      stream_id: stream.stream_id,
      subject: `topic ${topicRank.index(prng) + 1}`,
    };
  }
}
