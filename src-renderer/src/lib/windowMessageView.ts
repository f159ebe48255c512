import type { ChatBridge, Narrow, Snapshot } from '../../../src-preload/bridge';
import { errorText } from './errors';
import { isFollowedTopic } from './followedTopics';
import type { LinkifiersStore } from './linkifiersStore.svelte';
import type { MessageActionsStore } from './messageActionsStore.svelte';
import type { MessageView } from './messageView';
import type { MutedUsersStore } from './mutedUsersStore.svelte';
import type { ReactionsStore } from './reactionsStore.svelte';
import { conversationPartners } from './narrow';
import type { SeenWatcher } from './seenWatcher';
import type { TopicDeletionStore } from './topicDeletionStore.svelte';
import type { UploadedFilesStore } from './uploadedFilesStore.svelte';
import { statusOf } from './userStatus';

/** What every message list of the window reads and calls alike. */
export interface WindowMessageViewDeps {
  bridge: ChatBridge;
  sidebar: { readonly snapshot: Snapshot | null; readonly clockHours: 12 | 24 };
  openNarrow: (narrow: Narrow) => void;
  messageActions: MessageActionsStore;
  reactions: ReactionsStore;
  mutedUsers: MutedUsersStore;
  topicDeletion: TopicDeletionStore;
  files: UploadedFilesStore;
  linkifiers: LinkifiersStore;
}

/** What sets one message list apart from the others. */
export interface MessageListKind {
  seen: SeenWatcher | null;
  narrow: () => Narrow | null;
  toggleStar: MessageView['toggleStar'];
  match: MessageView['match'];
  /** The list is of a narrow Zulip shows a muted person's one-to-one messages in: their conversation, or a search for it. */
  showsMutedConversations: () => boolean;
}

/** How message lists reach the window: the feed marks what is seen as read, search results do not. */
export function windowMessageView(
  deps: WindowMessageViewDeps,
  { seen, narrow, toggleStar, match, showsMutedConversations }: MessageListKind,
): MessageView {
  const { sidebar } = deps;
  const ownUserId = () => sidebar.snapshot?.user.userId ?? 0;
  return {
    get ownUserId() {
      return ownUserId();
    },
    get clockHours() {
      return sidebar.clockHours;
    },
    isMarkedGuest: (userId) => sidebar.snapshot?.guests.includes(userId) === true,
    statusOf: (userId) => statusOf(sidebar.snapshot, userId),
    get largeEmoji() {
      return sidebar.snapshot?.largeEmoji === true;
    },
    streamColor: (streamId) =>
      sidebar.snapshot?.streams.find((stream) => stream.streamId === streamId)?.color ?? null,
    openNarrow: (narrow) => deps.openNarrow(narrow),
    topicFollowed: (streamId, topic) => isFollowedTopic(sidebar.snapshot, streamId, topic),
    setTopicFollowed: (streamId, topic, followed) =>
      void deps.bridge
        .setTopicFollowed({ streamId, topic, followed })
        .catch((error: unknown) => deps.messageActions.tell(errorText(error))),
    toggleStar,
    match,
    actions: deps.messageActions,
    reactions: deps.reactions,
    widgetAction: (messageId, action) =>
      deps.bridge.widgetAction({ messageId, action }).then(
        () => true,
        (error: unknown) => {
          deps.messageActions.tell(errorText(error));
          return false;
        },
      ),
    muting: deps.mutedUsers,
    shows: (message) =>
      message.type !== 'private' ||
      showsMutedConversations() ||
      !deps.mutedUsers.isMutedConversation(conversationPartners(message, ownUserId())),
    // The sidebar's topic menu asks the same of the organization (snapshot.may);
    // an archived channel takes no change, as the message menu says of it.
    deleteTopic: (message) => {
      const streamId = message.stream_id;
      if (sidebar.snapshot?.may.deleteTopics !== true || streamId === undefined) return null;
      if (deps.messageActions.rules.channels[String(streamId)]?.archived) return null;
      return () =>
        void deps.topicDeletion.ask(streamId, String(message.display_recipient), message.subject);
    },
    get narrow() {
      return narrow();
    },
    watchSeen: seen ? (node, messageId) => seen.watch(node, messageId) : null,
    showImages: (node) => deps.files.watch(node),
    playgroundsFor: (language) => deps.linkifiers.playgroundsFor(language),
    openImage: (href, name) => void deps.files.open(href, name),
  };
}
