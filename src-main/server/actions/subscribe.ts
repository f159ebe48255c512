import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { renderMarkdown } from '../markdown/render';
import type { Services } from '../services';
import { toWireStream, toWireSubscription } from '../shape/streams';
import { insertRecipient, RecipientType } from '../store/recipients';
import { insertStream, streamByName, type StreamRow } from '../store/streams';
import {
  insertSubscription,
  isSubscribed,
  streamSubscriptionCount,
  streamSubscriptionsOfUser,
  subscriberIds,
} from '../store/subscriptions';
import { activeUserIds, Role, type UserRow } from '../store/users';
import { streamColor } from './colors';
import { checkStreamName } from './validate';

export interface SubscribeRequest {
  streams: readonly { name: string; description?: string | undefined }[];
  users: readonly UserRow[];
  inviteOnly: boolean;
}

export interface SubscribeResult {
  subscribed: Record<string, string[]>;
  alreadySubscribed: Record<string, string[]>;
}

function canAccess(sql: Services['sql'], actor: UserRow, stream: StreamRow): boolean {
  return (
    stream.invite_only === 0 ||
    actor.role <= Role.admin ||
    isSubscribed(sql, actor.id, stream.recipient_id)
  );
}

/** Subscribes users to streams, creating the streams that do not exist yet. */
export function subscribe(
  services: Services,
  actor: UserRow,
  request: SubscribeRequest,
): SubscribeResult {
  const { sql } = services;
  const wanted = request.streams.map((stream) => ({
    name: checkStreamName(stream.name),
    description: stream.description?.trim() ?? '',
  }));

  const outcome = sql.transaction(() => {
    const created: StreamRow[] = [];
    const streams = wanted.map(({ name, description }) => {
      const existing = streamByName(sql, name);
      if (existing) {
        if (!canAccess(sql, actor, existing)) {
          throw errors.badRequest(`Unable to access stream (${existing.name}).`);
        }
        return existing;
      }
      const streamId = insertStream(sql, {
        name,
        description,
        renderedDescription: renderMarkdown(description),
        inviteOnly: request.inviteOnly,
        dateCreated: Math.floor(Date.now() / 1000),
      });
      insertRecipient(sql, RecipientType.stream, streamId);
      const stream = streamByName(sql, name);
      if (!stream) throw new Error(`stream ${name} vanished inside its own transaction`);
      created.push(stream);
      return stream;
    });

    const subscribed: Record<string, string[]> = {};
    const alreadySubscribed: Record<string, string[]> = {};
    const added: { user: UserRow; streams: StreamRow[] }[] = [];
    for (const user of request.users) {
      const newly: StreamRow[] = [];
      for (const stream of streams) {
        if (isSubscribed(sql, user.id, stream.recipient_id)) {
          (alreadySubscribed[user.email] ??= []).push(stream.name);
          continue;
        }
        const color = streamColor(streamSubscriptionCount(sql, user.id));
        insertSubscription(sql, { userId: user.id, recipientId: stream.recipient_id, color });
        (subscribed[user.email] ??= []).push(stream.name);
        newly.push(stream);
      }
      if (newly.length > 0) added.push({ user, streams: newly });
    }
    return { created, subscribed, alreadySubscribed, added };
  });

  announce(services, outcome.created, outcome.added);
  return { subscribed: outcome.subscribed, alreadySubscribed: outcome.alreadySubscribed };
}

function announce(
  services: Services,
  created: readonly StreamRow[],
  added: readonly { user: UserRow; streams: StreamRow[] }[],
): void {
  const { sql, queues } = services;
  for (const stream of created) {
    const audience =
      stream.invite_only === 1 ? subscriberIds(sql, stream.recipient_id) : activeUserIds(sql);
    queues.notify(
      plainNotice('stream', { op: 'create', streams: [toWireStream(stream)] }),
      audience,
    );
  }
  for (const { user, streams } of added) {
    const ids = new Set(streams.map((stream) => stream.id));
    const subscriptions = streamSubscriptionsOfUser(sql, user.id)
      .filter((row) => ids.has(row.id))
      .map((row) => toWireSubscription(row, subscriberIds(sql, row.recipient_id)));
    queues.notify(plainNotice('subscription', { op: 'add', subscriptions }), [user.id]);
    for (const stream of streams) {
      const peers = subscriberIds(sql, stream.recipient_id).filter((id) => id !== user.id);
      queues.notify(
        plainNotice('subscription', {
          op: 'peer_add',
          stream_ids: [stream.id],
          user_ids: [user.id],
        }),
        peers,
      );
    }
  }
}
