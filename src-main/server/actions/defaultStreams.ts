import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { defaultStreamIds } from '../shape/streams';
import {
  deleteDefaultStream,
  insertDefaultStream,
  isDefaultStream,
  type StreamRow,
} from '../store/streams';
import { activeNonGuestIds, Role, type UserRow } from '../store/users';

/** Makes a public stream one that new users join, as Zulip's do_add_default_stream. */
export function addDefaultStream(services: Services, stream: StreamRow): void {
  const { sql } = services;
  if (stream.invite_only === 1) {
    throw errors.badRequest('Private channels cannot be made default.');
  }
  sql.transaction(() => insertDefaultStream(sql, stream.id));
  announceDefaultStreams(services);
}

/** Stops new users joining a stream, as Zulip's do_remove_default_stream; a stream that was not default is no error. */
export function removeDefaultStream(services: Services, stream: StreamRow): void {
  const { sql } = services;
  sql.transaction(() => deleteDefaultStream(sql, stream.id));
  announceDefaultStreams(services);
}

/** PATCH /streams/{id}'s is_default_stream, once checked by `checkNewDefaultStream`. */
export function setDefaultStream(services: Services, streamId: number, isDefault: boolean): void {
  const { sql } = services;
  if (isDefaultStream(sql, streamId) === isDefault) return;
  sql.transaction(() =>
    isDefault ? insertDefaultStream(sql, streamId) : deleteDefaultStream(sql, streamId),
  );
  announceDefaultStreams(services);
}

/**
 * Zulip's check for is_default_stream (Zulip 8.0, feature level 200) on
 * creating or editing a channel: only organization administrators choose
 * default channels, and none of them is private.
 */
export function checkNewDefaultStream(actor: UserRow, privateAfter: boolean): void {
  if (actor.role > Role.admin) throw errors.badRequest('Insufficient permission');
  if (privateAfter) throw errors.badRequest('A default channel cannot be private.');
}

/** Tells everyone but guests which streams are default now. */
export function announceDefaultStreams({ sql, queues }: Services): void {
  queues.notify(
    plainNotice('default_streams', {
      default_streams: defaultStreamIds(sql),
    }),
    // Zulip's notify_default_streams: guests have no default streams.
    activeNonGuestIds(sql),
  );
}
