import type {
  StreamAdminChange,
  StreamAdminSettings,
  StreamPostPolicy,
} from '../../../src-preload/bridge';
import type { Api, StreamChanges } from '../api';
import type { Cache } from '../cache/cache';

export interface StreamAdminDeps {
  cache: Pick<Cache, 'subscription'>;
  /** The account's API; throws when the account has no key to act with. */
  api: () => Pick<Api, 'updateStream' | 'archiveStream'>;
}

const postPolicies: readonly number[] = [1, 2, 3, 4];

// Servers before Zulip 3.0 say only is_announcement_only: administrators alone post.
const postPolicyOf = (policy: number | undefined, announcementOnly: boolean | undefined) =>
  (policy !== undefined && postPolicies.includes(policy)
    ? policy
    : announcementOnly === true
      ? 2
      : 1) as StreamPostPolicy;

/** PATCH /streams/{stream_id}'s parameters for what the form changed. */
export function streamChangesOf(patch: StreamAdminChange): StreamChanges {
  const changes: StreamChanges = {};
  if (patch.name !== undefined) changes.new_name = patch.name;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.isPrivate !== undefined) changes.is_private = patch.isPrivate;
  if (patch.historyPublic !== undefined)
    changes.history_public_to_subscribers = patch.historyPublic;
  if (patch.postPolicy !== undefined) changes.stream_post_policy = patch.postPolicy;
  return changes;
}

/**
 * A stream's own settings for an administrator: read from the cache, which
 * the server's stream update events keep current, and changed on the server
 * only, which judges who may (Zulip: organization administrators).
 */
export class StreamAdmin {
  constructor(private readonly deps: StreamAdminDeps) {}

  settings(streamId: number): StreamAdminSettings {
    const stream = this.deps.cache.subscription(streamId);
    if (!stream) throw new Error('You are not subscribed to that channel.');
    return {
      streamId,
      name: stream.name,
      description: stream.description,
      isPrivate: stream.invite_only,
      // Zulip's default where a server leaves it out: history is public.
      historyPublic: stream.history_public_to_subscribers ?? true,
      postPolicy: postPolicyOf(stream.stream_post_policy, stream.is_announcement_only),
    };
  }

  async change(streamId: number, patch: StreamAdminChange): Promise<void> {
    await this.deps.api().updateStream(streamId, streamChangesOf(patch));
  }

  async archive(streamId: number): Promise<void> {
    await this.deps.api().archiveStream(streamId);
  }
}
