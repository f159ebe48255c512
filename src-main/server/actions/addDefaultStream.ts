import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import type { Services } from '../services';
import { toWireStream } from '../shape/streams';
import { defaultStreams, insertDefaultStream, type StreamRow } from '../store/streams';
import { activeNonGuestIds } from '../store/users';

/** Makes a public stream one that new users join, as Zulip's do_add_default_stream. */
export function addDefaultStream(services: Services, stream: StreamRow): void {
  const { sql } = services;
  if (stream.invite_only === 1) {
    throw errors.badRequest('Private streams cannot be made default.');
  }
  sql.transaction(() => insertDefaultStream(sql, stream.id));
  services.queues.notify(
    plainNotice('default_streams', { default_streams: defaultStreams(sql).map(toWireStream) }),
    // Zulip's notify_default_streams: guests have no default streams.
    activeNonGuestIds(sql),
  );
}
