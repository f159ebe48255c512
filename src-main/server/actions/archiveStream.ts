import { errors } from '../errors';
import { plainNotice } from '../events/notice';
import { metadataAudience } from '../queries/streamAccess';
import type { Services } from '../services';
import { getRealm, setRealmSettings } from '../store/realm';
import { isDefaultStream, setStreamArchived } from '../store/streams';
import { activeUserIds, type UserRow } from '../store/users';
import { announceArchiving } from './archivingEvents';
import { removeDefaultStream } from './defaultStreams';
import { channelSettings, nameOf } from './realmSettingNames';
import { editableStream } from './streamAdmin';

/**
 * DELETE /streams/{stream_id} as Zulip 10 and later archive (do_deactivate_stream):
 * the channel's administrators archive it. It keeps its name, privacy,
 * subscribers and messages; it stops being a default channel or any channel
 * the organization's settings name, and takes no more messages.
 */
export function archiveStream(services: Services, user: UserRow, streamId: number): void {
  const { sql } = services;
  const stream = editableStream(services, user, streamId);
  if (stream.deactivated === 1) throw errors.badRequest('Channel is already deactivated');
  const audience = metadataAudience(services.sql, stream);
  const realm = getRealm(sql);
  const namedBy = channelSettings.filter((setting) => realm?.[setting] === stream.id);
  sql.transaction(() => {
    setStreamArchived(sql, stream.id, true);
    setRealmSettings(sql, Object.fromEntries(namedBy.map((setting) => [setting, null])));
  });
  // Zulip's do_remove_default_stream, with its default_streams event.
  if (isDefaultStream(sql, stream.id)) removeDefaultStream(services, stream);
  // Zulip's maybe_set_moderation_or_announcement_channels_none: -1 says none.
  for (const setting of namedBy) {
    services.queues.notify(
      plainNotice('realm', { op: 'update', property: nameOf(setting), value: -1 }),
      activeUserIds(sql),
    );
  }
  announceArchiving(services, { ...stream, deactivated: 1 }, audience);
}
