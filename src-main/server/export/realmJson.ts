import { SystemGroupId } from '../queries/systemGroups';
import { REALM_ID, realmGroupSettingColumns, type RealmRow } from '../store/realm';
import {
  defaultStreams,
  huddleRows,
  huddlesOf,
  recipients,
  streams,
  subscriptions,
  userTopics,
} from './conversationRows';
import type { ExportPace } from './exportPace';
import type { ExportSelection } from './exportScope';
import type { ExportSource } from './exportSource';
import {
  alertWords,
  customProfileFields,
  customProfileFieldValues,
  userProfiles,
} from './peopleRows';
import { linkifierRows, playgroundRows } from './linkifierRows';
import { mutedUsers } from './mutedUserRows';
import { botServiceRows } from './botServiceRows';
import { botStorageRows } from './botStorageRows';
import { navigationViewRows, onboardingStepRows } from './onboardingAndViewRows';
import { presenceSequenceRows, userPresenceRows } from './presenceRows';
import { crossRealmBotRows } from './crossRealmBotRows';
import { reactions } from './reactionRows';
import { userStatuses } from './userStatusRows';
import { scheduledMessages } from './scheduledMessageRows';
import { realmEmojiRows } from './realmEmojiFiles';
import { topicsPolicyNumber } from './conversationRows';
import { channelFolderRows, savedSnippetRows } from './folderAndSnippetRows';
import { ExportedGroups } from './userGroupRows';
import type { TargetTraits } from './zulipTarget';
import type { ZerverRow } from './zerverRow';

/** The importer gives the organization a new ID, and every row's `realm` with it. */
export const realmId = REALM_ID;

/** Zulip's importer treats any source but "zulip" as another product. */
export const importSource = 'hearth';

// Zulip's MessageEditHistoryVisibilityPolicyEnum.
const editHistoryVisibilityNumber = { all: 1, moves: 2, none: 3 } as const;

function realmRow(realm: RealmRow, traits: TargetTraits, groups: ExportedGroups | null): ZerverRow {
  return {
    id: realmId,
    // The importer replaces both with the subdomain; they stay for whoever reads the file.
    name: realm.name,
    string_id: realm.string_id,
    description: realm.description,
    date_created: realm.date_created,
    deactivated: false,
    // The importer keeps it: the organization stays itself wherever it is hosted (feature level 466).
    ...(realm.uuid === null ? {} : { uuid: realm.uuid }),
    new_stream_announcements_stream: realm.notifications_stream_id,
    signup_announcements_stream: realm.signup_announcements_stream_id,
    zulip_update_announcements_stream: realm.zulip_update_announcements_stream_id,
    ...(traits.moderationRequestChannel
      ? { moderation_request_channel: realm.moderation_request_channel_id }
      : {}),
    ...(traits.topicsPolicy ? { topics_policy: topicsPolicyNumber[realm.topics_policy] ?? 2 } : {}),
    default_language: realm.default_language,
    allow_message_editing: realm.allow_message_editing === 1,
    message_content_edit_limit_seconds: realm.message_content_edit_limit_seconds,
    move_messages_within_stream_limit_seconds: realm.move_messages_within_stream_limit_seconds,
    move_messages_between_streams_limit_seconds: realm.move_messages_between_streams_limit_seconds,
    message_content_delete_limit_seconds: realm.message_content_delete_limit_seconds,
    ...(traits.editHistoryVisibility
      ? {
          message_edit_history_visibility_policy:
            editHistoryVisibilityNumber[realm.message_edit_history_visibility_policy],
        }
      : { allow_edit_history: realm.message_edit_history_visibility_policy !== 'none' }),
    enable_read_receipts: realm.enable_read_receipts === 1,
    require_unique_names: realm.require_unique_names === 1,
    enable_guest_user_indicator: realm.enable_guest_user_indicator === 1,
    ...(traits.guestDmWarning
      ? { enable_guest_user_dm_warning: realm.enable_guest_user_dm_warning === 1 }
      : {}),
    ...(traits.e2eePushSetting
      ? { require_e2ee_push_notifications: realm.require_e2ee_push_notifications === 1 }
      : {}),
    ...(traits.channelEventsMessages
      ? { send_channel_events_messages: realm.send_channel_events_messages === 1 }
      : {}),
    // The model keeps the name the API had before feature level 453.
    giphy_rating: realm.gif_rating_policy,
    video_chat_provider: realm.video_chat_provider,
    jitsi_server_url: realm.jitsi_server_url,
    icon_source: realm.icon_source,
    icon_version: realm.icon_version,
    ...(groups
      ? {
          ...groups.settingsOf(realm, realmGroupSettingColumns),
          // Who counts as a workplace user for Zulip's billing, which Hearth has none of.
          workplace_users_group: SystemGroupId.members,
        }
      : {}),
  };
}

export interface RealmJson {
  json: Record<string, unknown>;
  realm: RealmRow;
  users: number;
  streams: number;
  refusedEmails: string[];
}

/** A row's channels that the export leaves out (a private announcements channel) become none. */
function keptStreams(row: ZerverRow, keys: readonly string[], streamIds: ReadonlySet<number>) {
  const cleared = keys.filter((key) => row[key] != null && !streamIds.has(Number(row[key])));
  return cleared.length === 0
    ? row
    : { ...row, ...Object.fromEntries(cleared.map((key) => [key, null])) };
}

const realmStreamKeys = [
  'new_stream_announcements_stream',
  'signup_announcements_stream',
  'zulip_update_announcements_stream',
  'moderation_request_channel',
];
const userStreamKeys = ['default_sending_stream', 'default_events_register_stream'];

/** Whose rows these are: `user_profile` for most, `sender` for scheduled messages. */
const ownRows = (rows: ZerverRow[], scope: ExportSelection['scope'], owner = 'user_profile') =>
  scope.everyone ? rows : rows.filter((row) => scope.holdsPrivateDataOf(Number(row[owner])));

/** A table of realm.json by name, its rows made when its turn comes. */
type Table = readonly [name: string, rows: () => unknown];

/** Someone's presence is theirs: it goes where their private data goes. */
function presenceTables(
  source: ExportSource,
  traits: TargetTraits,
  scope: ExportSelection['scope'],
): Table[] {
  if (!traits.presence) return [['zerver_userpresence', () => []]];
  return [
    ['zerver_userpresence', () => ownRows(userPresenceRows(source, realmId), scope)],
    ['zerver_presencesequence', () => presenceSequenceRows(source, realmId)],
  ];
}

/**
 * realm.json: everything but the messages, the attachments and the files;
 * of the conversations the selection keeps, and the private rows only of
 * the people whose private data it holds. Reactions go with the messages
 * that went (`messageIds`). Made a table at a time, giving the event loop
 * back between them as `pace` asks.
 */
export async function realmJson(
  source: ExportSource,
  traits: TargetTraits,
  { scope, conversations }: ExportSelection,
  messageIds: ReadonlySet<number>,
  pace: ExportPace,
): Promise<RealmJson> {
  const realm = source.get<RealmRow>('SELECT * FROM realm WHERE id = 1');
  if (!realm) throw new Error('the database holds no organization');
  const people = userProfiles(source, realmId, scope, traits);
  const groups = traits.groupSettings ? new ExportedGroups(source, realmId) : null;
  const streamRows = streams(source, realmId, traits, groups).filter((row) =>
    conversations.streamIds.has(Number(row['id'])),
  );
  const huddles = huddlesOf(source).filter((huddle) => conversations.huddleIds.has(huddle.id));
  const kept = (rows: ZerverRow[], key: string, ids: ReadonlySet<number>) =>
    scope.everyone ? rows : rows.filter((row) => ids.has(Number(row[key])));
  const tables: Table[] = [
    [
      'zerver_realm',
      () => [
        keptStreams(realmRow(realm, traits, groups), realmStreamKeys, conversations.streamIds),
      ],
    ],
    ['zerver_client', () => source.all<ZerverRow>('SELECT id, name FROM clients ORDER BY id')],
    [
      'zerver_userprofile',
      () => people.users.map((user) => keptStreams(user, userStreamKeys, conversations.streamIds)),
    ],
    ['zerver_userprofile_mirrordummy', () => []],
    ['zerver_userprofile_crossrealm', () => crossRealmBotRows(source)],
    ['zerver_stream', () => streamRows],
    ['zerver_huddle', () => huddleRows(huddles, traits)],
    // One-to-one conversations' groups stay out in a full export too
    // (exportScope.ts), and the system bots' own recipients, which
    // zerver_userprofile_crossrealm stands for.
    [
      'zerver_recipient',
      () => recipients(source).filter((row) => conversations.recipientIds.has(Number(row['id']))),
    ],
    [
      'zerver_subscription',
      () =>
        subscriptions(source, scope).filter((row) =>
          conversations.recipientIds.has(Number(row['recipient'])),
        ),
    ],
    [
      'zerver_defaultstream',
      () => kept(defaultStreams(source, realmId), 'stream', conversations.streamIds),
    ],
    ['zerver_usertopic', () => ownRows(userTopics(source, traits), scope)],
    ['zerver_customprofilefield', () => customProfileFields(source, realmId, traits)],
    ['zerver_customprofilefieldvalue', () => customProfileFieldValues(source)],
    ['zerver_alertword', () => ownRows(alertWords(source, realmId), scope)],
    ['zerver_muteduser', () => ownRows(mutedUsers(source), scope)],
    ['zerver_service', () => botServiceRows(source)],
    // Hearth signs people in with a password only.
    ['zerver_realmauthenticationmethod', () => [{ id: 1, realm: realmId, name: 'Email' }]],
    ['zerver_realmdomain', () => []],
    ['zerver_realmemoji', () => realmEmojiRows(source, realmId)],
    [
      'zerver_reaction',
      () => reactions(source).filter((row) => messageIds.has(Number(row['message']))),
    ],
    ['zerver_userstatus', () => userStatuses(source)],
    [
      'zerver_scheduledmessage',
      () =>
        kept(
          ownRows(scheduledMessages(source, realmId, traits), scope, 'sender'),
          'recipient',
          conversations.recipientIds,
        ),
    ],
    ['zerver_realmfilter', () => linkifierRows(source, realmId, traits)],
    ['zerver_realmplayground', () => playgroundRows(source, realmId)],
    ...presenceTables(source, traits, scope),
    ['zerver_useractivity', () => []],
    ['zerver_useractivityinterval', () => []],
    ['zerver_botstoragedata', () => botStorageRows(source, scope)],
    ['zerver_onboardingstep', () => ownRows(onboardingStepRows(source), scope, 'user')],
    ...(traits.navigationViews
      ? [
          [
            'zerver_navigationview',
            () => ownRows(navigationViewRows(source), scope, 'user'),
          ] satisfies Table,
        ]
      : []),
    ...(traits.foldersAndSnippets
      ? [
          ['zerver_channelfolder', () => channelFolderRows(source, realmId)] satisfies Table,
          [
            'zerver_savedsnippet',
            () => ownRows(savedSnippetRows(source, realmId), scope),
          ] satisfies Table,
        ]
      : []),
  ];
  const json: Record<string, unknown> = { import_source: importSource };
  for (const [name, rows] of tables) {
    json[name] = rows();
    await pace.step();
  }
  // Last: the settings above have made the anonymous groups they name.
  Object.assign(json, groups?.tables());
  return {
    realm,
    users: people.users.length,
    streams: streamRows.length,
    refusedEmails: people.refusedEmails,
    json,
  };
}
