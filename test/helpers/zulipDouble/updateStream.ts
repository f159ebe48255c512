import { z } from 'zod';
import { emit, type Context } from './context';
import { administersChannel, announceArchiving } from './archiveChannel';
import { channelAudience } from './channelAccess';
import { badRequest, invalidChannelId } from './errors';
import { isInSetting, realmSetting } from './groups';
import type { GroupSettingValue } from './org';
import { bool, groupSettingUpdate, json, parseParams, type RawParams } from './params';
import { renderContent } from './render';
import { channelGroupSettingNames } from './createChannel';

const updateSchema = z.object({
  new_name: z.string().optional(),
  description: z.string().optional(),
  is_private: bool.optional(),
  is_archived: bool.optional(),
  folder_id: json(z.number().int().nullable()).optional(),
  topics_policy: z
    .enum(['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'])
    .optional(),
  ...Object.fromEntries(
    channelGroupSettingNames.map((name) => [name, groupSettingUpdate.optional()]),
  ),
});

/** PATCH /streams/{id}, for the channel's administrators; one stream update event per property. */
export function updateStream(context: Context, userId: number, streamId: number, raw: RawParams) {
  const { org } = context;
  const stream = org.streams.get(streamId);
  if (!stream) throw invalidChannelId();
  const params = parseParams(updateSchema, raw) as Record<string, unknown> &
    z.infer<typeof updateSchema>;
  if (!administersChannel(org, userId, stream)) {
    throw badRequest('You do not have permission to administer this channel.');
  }
  if (
    params.topics_policy !== undefined &&
    !org.isAdmin(userId) &&
    !isInSetting(org, userId, realmSetting(org, 'can_set_topics_policy_group'))
  ) {
    throw badRequest('Insufficient permission');
  }
  if (params.is_archived === true) throw badRequest('Invalid parameter: is_archived');
  if (params.new_name !== undefined) {
    const clash = org.streamByName(params.new_name);
    if (clash && clash.stream_id !== streamId) {
      throw badRequest(`Channel name '${params.new_name}' is already taken.`);
    }
  }
  if (
    typeof params.folder_id === 'number' &&
    !org.channelFolders.some((f) => f.id === params.folder_id)
  ) {
    throw badRequest('Invalid channel folder ID');
  }
  const who = channelAudience(org, stream);
  const announce = (property: string, value: unknown, extra: Record<string, unknown> = {}) => {
    emit(context, who, () => ({
      type: 'stream',
      op: 'update',
      stream_id: stream.stream_id,
      name: stream.name,
      property,
      value,
      ...extra,
    }));
  };
  if (params.new_name !== undefined && params.new_name !== stream.name) {
    const oldName = stream.name;
    stream.name = params.new_name;
    emit(context, who, () => ({
      type: 'stream',
      op: 'update',
      stream_id: stream.stream_id,
      name: oldName,
      property: 'name',
      value: params.new_name,
    }));
  }
  if (params.description !== undefined && params.description !== stream.description) {
    stream.description = params.description;
    stream.rendered_description = renderContent(params.description);
    announce('description', params.description, {
      rendered_description: stream.rendered_description,
    });
  }
  if (params.is_private !== undefined && params.is_private !== stream.invite_only) {
    stream.invite_only = params.is_private;
    announce('invite_only', params.is_private, {
      history_public_to_subscribers: stream.history_public_to_subscribers,
      is_web_public: false,
    });
  }
  if (params.is_archived === false && stream.is_archived) {
    stream.is_archived = false;
    announceArchiving(context, stream);
  }
  if (params.folder_id !== undefined && params.folder_id !== stream.folder_id) {
    stream.folder_id = params.folder_id;
    announce('folder_id', params.folder_id);
  }
  if (params.topics_policy !== undefined && params.topics_policy !== stream.topics_policy) {
    stream.topics_policy = params.topics_policy;
    announce('topics_policy', params.topics_policy);
  }
  for (const name of channelGroupSettingNames) {
    const update = params[name] as { new: GroupSettingValue; old?: GroupSettingValue } | undefined;
    if (!update) continue;
    if (update.old !== undefined && JSON.stringify(update.old) !== JSON.stringify(stream[name])) {
      throw badRequest("'old' value does not match the expected value.");
    }
    stream[name] = update.new;
    announce(name, update.new);
  }
}
