import type { CompiledLinkifier } from './linkifierPattern';

/** A user a message can mention, as the sender's organization knows them. */
export interface MentionableUser {
  id: number;
  fullName: string;
  isActive: boolean;
}

/** A user group a message can mention, with who it notifies. */
export interface MentionableGroup {
  id: number;
  name: string;
  memberIds: readonly number[];
}

/** A stream a message can link to. */
export interface LinkableStream {
  id: number;
  name: string;
}

/** An uploaded file a message links, as its upload recorded it. */
export interface UploadedFile {
  contentType: string;
  /** The size Zulip's ImageAttachment would record, for an image Zulip previews; else null. */
  image: { width: number; height: number; animated: boolean } | null;
}

/**
 * What the renderer may ask of the organization. The sending action answers
 * from the store; rendering only asks about names that appear in the message.
 */
export interface MarkdownLookups {
  /** Zulip matches `@**Full Name**` without regard to case. */
  userByName(name: string): MentionableUser | undefined;
  userById(id: number): MentionableUser | undefined;
  streamByName(name: string): LinkableStream | undefined;
  /** Zulip matches `@*group*` without regard to case. */
  userGroupByName(name: string): MentionableGroup | undefined;
  /** Every user's alert words, lower-cased, each with who chose it. */
  alertWords(): ReadonlyMap<string, readonly number[]>;
  /** The organization's active custom emoji of that name: its image's URL, relative to the organization. */
  realmEmoji(name: string): { sourceUrl: string } | undefined;
  /** The organization's linkifiers, compiled, in the order they apply. */
  linkifiers(): readonly CompiledLinkifier[];
  /** The newest message of the topic the author may read, which topic links point `with`. */
  latestTopicMessageId(streamId: number, topic: string): number | undefined;
  /** The organization's upload at that path_id, whoever may read it. */
  uploadedFile(pathId: string): UploadedFile | undefined;
}

export const noLookups: MarkdownLookups = {
  userByName: () => undefined,
  userById: () => undefined,
  streamByName: () => undefined,
  userGroupByName: () => undefined,
  alertWords: () => new Map(),
  realmEmoji: () => undefined,
  linkifiers: () => [],
  latestTopicMessageId: () => undefined,
  uploadedFile: () => undefined,
};

export interface RenderedMessage {
  html: string;
  /** Users mentioned outside quotes and not silently: they get the `mentioned` flag. */
  mentionedUserIds: ReadonlySet<number>;
  /** `@**all**`, `@**everyone**` or `@**stream**` outside quotes: `stream_wildcard_mentioned`. */
  wildcardMentioned: boolean;
  /** `@**topic**` outside quotes: `topic_wildcard_mentioned` for the topic's participants. */
  topicWildcardMentioned: boolean;
  /** Groups mentioned outside quotes and not silently: each needs its can_mention_group. */
  mentionedGroupIds: ReadonlySet<number>;
  /** For each user mentioned only through groups, the group a notification names. */
  mentioningGroupOf: ReadonlyMap<number, number>;
  isMeMessage: boolean;
  /** The path_ids of the uploads it links, which the message claims. */
  uploadPaths: ReadonlySet<string>;
  /** Users whose alert words it holds: they get the `has_alert_word` flag. */
  alertedUserIds: ReadonlySet<number>;
}

/** Per-render state shared by the rules through markdown-it's `env`. */
export type RenderEnv = {
  lookups: MarkdownLookups;
  mentionedUserIds: Set<number>;
  wildcardMentioned: boolean;
  topicWildcardMentioned: boolean;
  mentionedGroupIds: Set<number>;
  mentioningGroupOf: Map<number, number>;
  uploadPaths: Set<string>;
};

// markdown-it hands rules the `env` given to `render` untyped; this is that object.
export function renderEnv(env: unknown): RenderEnv {
  return env as RenderEnv;
}
