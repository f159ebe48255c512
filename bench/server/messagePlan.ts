import { Flag } from '../../src-main/server/store/flags';
import type { PooledContent } from './contentPool';
import { Zipf, type Prng } from './prng';
import type { Roster, RosterStream } from './roster';

/** One message to insert and the flags of each of its readers. */
export interface PlannedMessage {
  senderId: number;
  recipientId: number;
  subject: string;
  content: PooledContent;
  dateSent: number;
  clientId: number;
  readers: readonly number[];
  flags: readonly number[];
}

interface StreamPlan {
  stream: RosterStream;
  senders: readonly number[];
  senderRank: Zipf;
  topics: readonly string[];
  topicRank: Zipf;
  currentTopic: string;
}

// How people read: everyone is caught up to some point in the last few
// percent of history and has read part of what came after; before that a
// small, personal share was never read.
interface ReadingHabit {
  caughtUpTo: number;
  unreadAfter: number;
  forgotten: number;
}

const firstDate = 1_600_000_000;

// Busy streams have more topics; a topic holds about 120 messages on average.
function planStreams(prng: Prng, roster: Roster, total: number, topicWords: readonly string[]) {
  return roster.streams.map((stream): StreamPlan => {
    const topicCount = Math.max(5, Math.min(1500, Math.round((stream.traffic * total) / 120)));
    const topics = new Set<string>();
    while (topics.size < topicCount) {
      topics.add(Array.from({ length: prng.between(1, 3) }, () => prng.pick(topicWords)).join(' '));
    }
    const senders = prng.sample(stream.memberIds, stream.memberIds.length);
    const list = [...topics];
    return {
      stream,
      senders,
      senderRank: new Zipf(senders.length, 1),
      topics: list,
      topicRank: new Zipf(list.length, 0.9),
      currentTopic: list[0] ?? 'general chat',
    };
  });
}

// Everyone talks privately with a few people, some much more than others.
function conversationPairs(prng: Prng, ids: readonly number[]): [number, number][] {
  const keys = new Set<string>();
  const pairs: [number, number][] = [];
  const wanted = Math.min(ids.length * 4, (ids.length * (ids.length - 1)) / 2);
  while (pairs.length < wanted) {
    const [a, b] = prng.sample(ids, 2);
    if (a === undefined || b === undefined) break;
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    if (keys.has(key)) continue;
    keys.add(key);
    pairs.push([a, b]);
  }
  return pairs;
}

export class MessagePlanner {
  private readonly streams: StreamPlan[];
  private readonly streamShare: Float64Array;
  private readonly pairs: readonly [number, number][];
  private readonly pairRank: Zipf;
  private readonly huddleRank: Zipf;
  private readonly clientRank: Zipf;
  private readonly habits = new Map<number, ReadingHabit>();
  private readonly personalRecipient = new Map<number, number>();
  private date = firstDate;

  constructor(
    private readonly prng: Prng,
    private readonly roster: Roster,
    private readonly pool: readonly PooledContent[],
    total: number,
    topicWords: readonly string[],
  ) {
    this.streams = planStreams(prng, roster, total, topicWords);
    let share = 0;
    this.streamShare = Float64Array.from(roster.streams, (stream) => (share += stream.traffic));
    this.pairs = conversationPairs(
      prng,
      roster.users.map((user) => user.id),
    );
    this.pairRank = new Zipf(this.pairs.length, 1);
    this.huddleRank = new Zipf(roster.huddles.length, 1);
    this.clientRank = new Zipf(roster.clientIds.length, 1.5);
    for (const user of roster.users) {
      this.personalRecipient.set(user.id, user.personalRecipientId);
      this.habits.set(user.id, {
        caughtUpTo: total - prng.int(Math.ceil(total * 0.04)),
        unreadAfter: 0.3 + prng.next() * 0.5,
        forgotten: 0.0005 + prng.next() * 0.006,
      });
    }
  }

  /** The message at position `index` (0-based) of the history. */
  plan(index: number): PlannedMessage {
    const { prng } = this;
    this.date += prng.between(1, 180);
    const content = this.pool[prng.int(this.pool.length)];
    if (!content) throw new Error('empty content pool');
    const roll = prng.next();
    const addressed =
      roll < 0.75 ? this.toStream() : roll < 0.93 ? this.toPerson() : this.toHuddle();
    const flags = addressed.readers.map((reader) =>
      this.flagsOf(index, reader, addressed, content),
    );
    return {
      ...addressed,
      content,
      dateSent: this.date,
      clientId: this.roster.clientIds[this.clientRank.index(prng)] ?? 1,
      flags,
    };
  }

  private toStream() {
    const { prng } = this;
    const target = prng.next() * (this.streamShare.at(-1) ?? 1);
    let index = this.streamShare.findIndex((share) => share > target);
    if (index < 0) index = this.streams.length - 1;
    const plan = this.streams[index];
    if (!plan) throw new Error('no streams');
    // A conversation runs on in its topic for a while before another starts.
    if (!prng.chance(0.7)) plan.currentTopic = plan.topics[plan.topicRank.index(prng)] ?? '';
    return {
      senderId: plan.senders[plan.senderRank.index(prng)] ?? 1,
      recipientId: plan.stream.recipientId,
      subject: plan.currentTopic,
      readers: plan.stream.memberIds,
      isPrivate: false,
    };
  }

  private toPerson() {
    const { prng } = this;
    const pair = this.pairs[this.pairRank.index(prng)];
    if (!pair) throw new Error('no pairs');
    const [senderId, otherId] = prng.chance(0.5) ? pair : [pair[1], pair[0]];
    const recipientId = this.personalRecipient.get(otherId);
    if (recipientId === undefined) throw new Error(`user ${otherId} has no personal recipient`);
    return {
      senderId,
      recipientId,
      subject: '',
      readers: senderId < otherId ? [senderId, otherId] : [otherId, senderId],
      isPrivate: true,
    };
  }

  private toHuddle() {
    const { prng } = this;
    const huddle = this.roster.huddles[this.huddleRank.index(prng)];
    if (!huddle) throw new Error('no huddles');
    return {
      senderId: prng.pick(huddle.memberIds),
      recipientId: huddle.recipientId,
      subject: '',
      readers: huddle.memberIds,
      isPrivate: true,
    };
  }

  // The flags sendMessage would give, then what the reader did since.
  private flagsOf(
    index: number,
    reader: number,
    addressed: { senderId: number; isPrivate: boolean },
    content: PooledContent,
  ): number {
    const { prng } = this;
    let flags = addressed.isPrivate ? Flag.is_private : 0;
    if (content.wildcardMentioned) flags |= Flag.stream_wildcard_mentioned;
    if (content.mentionedUserIds.includes(reader)) flags |= Flag.mentioned;
    const habit = this.habits.get(reader);
    const unread =
      reader !== addressed.senderId &&
      habit !== undefined &&
      prng.chance(index >= habit.caughtUpTo ? habit.unreadAfter : habit.forgotten);
    if (!unread) flags |= Flag.read;
    if (prng.chance(0.002)) flags |= Flag.starred;
    return flags;
  }
}
