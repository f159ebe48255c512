import { z } from 'zod';
import { ZulipError } from './errors';
import type { Org, StoredMessage } from './org';

const operand = z.union([
  z.string(),
  z.number().int(),
  z.array(z.union([z.string(), z.number().int()])),
]);

// Zulip takes the modern `{operator, operand, negated}` objects and the legacy `[operator, operand]` pairs.
export const narrowSchema = z.array(
  z.union([
    z.object({ operator: z.string(), operand, negated: z.boolean().optional() }),
    z.tuple([z.string(), operand]).transform(([operator, value]) => ({
      operator,
      operand: value,
      negated: undefined,
    })),
  ]),
);
export type Narrow = z.infer<typeof narrowSchema>;

const badNarrow = (why: string) =>
  new ZulipError(400, 'BAD_NARROW', `Invalid narrow operator: ${why}`);

type Test = (message: StoredMessage) => boolean;

function userIdOf(org: Org, value: string | number): number {
  const user = typeof value === 'number' ? org.user(value) : org.userByEmail(value);
  if (!user) throw badNarrow('unknown user');
  return user.user_id;
}

function dmIds(org: Org, value: z.infer<typeof operand>): number[] {
  const parts = Array.isArray(value)
    ? value
    : typeof value === 'number'
      ? [value]
      : value.split(',').map((part) => part.trim());
  return parts.map((part) => userIdOf(org, part));
}

function termTest(
  org: Org,
  readerId: number,
  operator: string,
  value: z.infer<typeof operand>,
): Test {
  switch (operator) {
    case 'channel':
    case 'stream': {
      const stream =
        typeof value === 'number'
          ? org.streams.get(value)
          : typeof value === 'string'
            ? /^\d+$/.test(value)
              ? org.streams.get(Number(value))
              : org.streamByName(value)
            : undefined;
      if (!stream) throw badNarrow('unknown channel');
      return (message) => message.streamId === stream.stream_id;
    }
    case 'topic': {
      // A client without the capability names the empty topic by the organization's name for it.
      const topic = String(value) === org.emptyTopicName() ? '' : String(value);
      return (message) =>
        message.streamId !== null && message.topic.toLowerCase() === topic.toLowerCase();
    }
    case 'dm':
    case 'pm-with': {
      const wanted = [...new Set([readerId, ...dmIds(org, value)])].sort((a, b) => a - b);
      return (message) =>
        message.streamId === null && message.dmUserIds.join(',') === wanted.join(',');
    }
    case 'dm-including': {
      const id = userIdOf(org, Array.isArray(value) ? (value[0] ?? '') : value);
      return (message) => message.streamId === null && message.dmUserIds.includes(id);
    }
    case 'sender': {
      const id = userIdOf(org, Array.isArray(value) ? (value[0] ?? '') : value);
      return (message) => message.senderId === id;
    }
    case 'id':
      return (message) => message.id === Number(value);
    case 'search': {
      const words = String(value).toLowerCase();
      return (message) =>
        message.content.toLowerCase().includes(words) ||
        message.topic.toLowerCase().includes(words);
    }
    case 'is':
      switch (value) {
        case 'unread':
          return (message) => !org.flagsOf(message.id, readerId).includes('read');
        case 'starred':
          return (message) => org.flagsOf(message.id, readerId).includes('starred');
        case 'mentioned':
          return (message) => org.flagsOf(message.id, readerId).includes('mentioned');
        case 'dm':
        case 'private':
          return (message) => message.streamId === null;
        default:
          throw badNarrow('unknown operand');
      }
    default:
      throw badNarrow('unknown operator');
  }
}

/** The narrow as one test of a message, for the reader. */
export function narrowTest(org: Org, readerId: number, narrow: Narrow): Test {
  const tests = narrow.map(({ operator, operand: value, negated }) => {
    const test = termTest(org, readerId, operator, value);
    return negated ? (message: StoredMessage) => !test(message) : test;
  });
  return (message) => tests.every((test) => test(message));
}
