import { bootstrapRealm } from '../../src-main/server/actions/bootstrapRealm';
import { createUser } from '../../src-main/server/actions/createUser';
import { subscribe } from '../../src-main/server/actions/subscribe';
import type { Services } from '../../src-main/server/services';
import { clientIdFor } from '../../src-main/server/store/clients';
import { huddleKey, insertHuddle } from '../../src-main/server/store/huddles';
import {
  insertRecipient,
  recipientFor,
  RecipientType,
} from '../../src-main/server/store/recipients';
import { streamByName } from '../../src-main/server/store/streams';
import { insertSubscription, subscriberIds } from '../../src-main/server/store/subscriptions';
import { Role, type UserRow } from '../../src-main/server/store/users';
import type { Prng } from './prng';
import { fullNames, streamNamesFor } from './vocabulary';

export interface RosterSize {
  users: number;
  streams: number;
}

export interface RosterStream {
  id: number;
  name: string;
  recipientId: number;
  memberIds: readonly number[];
  /** Share of all stream messages that go to this stream. */
  traffic: number;
}

export interface Roster {
  users: readonly { id: number; fullName: string; personalRecipientId: number }[];
  streams: readonly RosterStream[];
  huddles: readonly { recipientId: number; memberIds: readonly number[] }[];
  /** Clients messages were sent from, most used first. */
  clientIds: readonly number[];
  /** The stream with exactly `SEND_STREAM_SUBSCRIBERS` subscribers that the send benchmark writes to. */
  sendStream: string;
}

export const SEND_STREAM_SUBSCRIBERS = 50;

const clientNames = ['website', 'ZulipMobile', 'ZulipElectron', 'ZulipTerminal', 'ZulipPython'];

// Stream sizes of a 200-person organization: everyone in #general, one stream
// of exactly 50 for the send benchmark, the rest spread from small teams to a
// few large interest groups (log-uniform), and one in seven private.
function streamSizes(prng: Prng, size: RosterSize): number[] {
  const largest = Math.min(80, size.users);
  return Array.from({ length: size.streams }, (_, index) => {
    if (index === 0) return size.users;
    if (index === 1) return Math.min(SEND_STREAM_SUBSCRIBERS, size.users);
    const drawn = Math.round(3 * (largest / 3) ** prng.next());
    return drawn === SEND_STREAM_SUBSCRIBERS ? drawn - 1 : Math.min(drawn, size.users);
  });
}

// #general carries announcements and the send stream a steady share; the
// others are busy or quiet whatever their size.
function streamTraffic(prng: Prng, count: number): number[] {
  const order = prng.sample(
    Array.from({ length: count - 2 }, (_, i) => i + 2),
    count - 2,
  );
  const weights = new Array<number>(count).fill(0);
  order.forEach((streamIndex, rank) => (weights[streamIndex] = 1 / (rank + 1)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight, index) =>
    index === 0 ? 0.02 : index === 1 ? 0.06 : (0.92 * weight) / total,
  );
}

function createPeople(services: Services, prng: Prng, count: number): UserRow[] {
  const { owner } = bootstrapRealm(services, {
    realmName: 'Hearth bench',
    ownerEmail: 'owner@bench.hearth.local',
    ownerFullName: 'Bench Owner',
  });
  const people = fullNames(prng, count - 1).map((fullName, index) =>
    createUser(services, {
      email: `${fullName.toLowerCase().replace(' ', '.')}@bench.hearth.local`,
      fullName,
      role: index < 3 ? Role.admin : Role.member,
    }),
  );
  return [owner, ...people];
}

function createStreams(
  services: Services,
  prng: Prng,
  people: readonly UserRow[],
  size: RosterSize,
): RosterStream[] {
  const [owner] = people;
  if (!owner) throw new Error('no owner');
  const sizes = streamSizes(prng, size);
  const traffic = streamTraffic(prng, size.streams);
  return streamNamesFor(size.streams).map((name, index) => {
    const members = prng.sample(people, sizes[index] ?? 3);
    subscribe(services, owner, {
      streams: [{ name, description: `Talk about ${name}` }],
      users: members,
      inviteOnly: index > 1 && prng.chance(1 / 7),
    });
    const stream = streamByName(services.sql, name);
    if (!stream) throw new Error(`stream ${name} was not created`);
    return {
      id: stream.id,
      name,
      recipientId: stream.recipient_id,
      memberIds: subscriberIds(services.sql, stream.recipient_id),
      traffic: traffic[index] ?? 0,
    };
  });
}

// Group conversations of three to six people, created as sendMessage creates
// a huddle on its first message.
function createHuddles(services: Services, prng: Prng, people: readonly UserRow[]) {
  const { sql } = services;
  const ids = people.map((person) => person.id);
  const keys = new Set<string>();
  return sql.transaction(() => {
    const huddles: { recipientId: number; memberIds: number[] }[] = [];
    while (huddles.length < Math.max(1, Math.floor(people.length / 2))) {
      const memberIds = prng.sample(ids, prng.between(3, Math.min(6, ids.length)));
      const key = huddleKey(memberIds);
      if (memberIds.length < 3 || keys.has(key)) continue;
      keys.add(key);
      const recipientId = insertRecipient(sql, RecipientType.huddle, insertHuddle(sql, key));
      for (const userId of memberIds) insertSubscription(sql, { userId, recipientId, color: '' });
      huddles.push({ recipientId, memberIds: memberIds.sort((a, b) => a - b) });
    }
    return huddles;
  });
}

/** People, streams, subscriptions and huddles, made by the host's own actions. */
export function createRoster(services: Services, prng: Prng, size: RosterSize): Roster {
  const people = createPeople(services, prng, size.users);
  const streams = createStreams(services, prng, people, size);
  const huddles = createHuddles(services, prng, people);
  const clientIds = services.sql.transaction(() =>
    clientNames.map((name) => clientIdFor(services.sql, name)),
  );
  const users = people.map((person) => {
    const personal = recipientFor(services.sql, RecipientType.personal, person.id);
    if (!personal) throw new Error(`user ${person.id} has no personal recipient`);
    return { id: person.id, fullName: person.full_name, personalRecipientId: personal.id };
  });
  const sendStream = streams[1]?.name;
  if (!sendStream) throw new Error('an organization needs at least two streams');
  return { users, streams, huddles, clientIds, sendStream };
}
