import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { toWireStream } from '../shape/streams';
import {
  defaultStreams,
  deleteDefaultStream,
  insertDefaultStream,
  type StreamRow,
} from '../store/streams';
import { activeNonGuestIds } from '../store/users';

/** Makes a public stream one that new users join, as Zulip's do_add_default_stream. */
export function addDefaultStream(services: Services, stream: StreamRow): void {
  const { sql } = services;
  if (stream.invite_only === 1) {
    throw errors.badRequest('Private streams cannot be made default.');
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

function announceDefaultStreams({ sql, queues }: Services): void {
  queues.notify(
    plainNotice('default_streams', {
      default_streams: defaultStreams(sql).map((row) => toWireStream(sql, row)),
    }),
    // Zulip's notify_default_streams: guests have no default streams.
    activeNonGuestIds(sql),
  );
}
