import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedEvent } from '../../src-main/server/events/notice';
import { applyEvent } from '../../src-main/reducer/applyEvent';
import type { InitialState } from '../../src-main/wire/registerState';
import { startOrg, testPassword, type Org, type TestUser } from '../helpers/org';
import { startStandInService, type StandInService } from '../helpers/pushService/standInService';
import { makeTestPhone } from '../helpers/pushService/testPhone';
import { onePixelPng, postFiles } from '../helpers/uploads';
import { createWebhookBot, fixture, postWebhook } from '../helpers/webhooks';

// Zulip's events invariant: what a client builds from /register plus the
// events an action sent equals what a fresh /register returns, for every
// action and every user who may have heard of it.

interface ActionRow {
  name: string;
  /** The exported action functions (src-main/server/actions) this row drives. */
  covers: readonly string[];
  act: () => Promise<unknown>;
}

// Exported functions of src-main/server/actions that take `services` but are
// not actions of their own, with the reason.
const notActions: Readonly<Record<string, string>> = {
  bootstrapRealm: 'runs while the host starts, before any queue exists',
  seedDemo: 'runs while the host starts, before any queue exists',
  checkBotNameAvailable: 'a check; changes nothing',
  tellAboutGroup: 'announces the changes of the group actions, which have rows',
  checkNewBot: 'a check; changes nothing',
  checkBotUrlNetwork: 'a check; changes nothing',
  getBotStorage: 'reads state',
  updateBotStorage: "changes a bot's storage, which no register state holds",
  removeBotStorage: "changes a bot's storage, which no register state holds",
  checkPasswordLogin: 'a check; what it may change, the hash of a password, no client state holds',
  announceAccessChanges:
    'announces what subscribe and unsubscribe changed of whom a guest may see; their rows hold it',
  announceAccessGains:
    "announces whom sendMessage's direct message lets a guest see; its rows hold it",
  triggerOutgoingWebhooks:
    "hands sendMessage's message to bots; their replies are sendMessage's own",
  presenceResponse: 'reads state',
  mutedTopicsState: 'reads state',
  userTopicsState: 'reads state',
  userSettingsOf: 'reads state',
  storeUserSettings: "part of changeUserSettings's or changeSettingsForOthers's transaction",
  announceUserSettings: 'announces the change of changeUserSettings or changeSettingsForOthers',
  listDrafts: 'reads state',
  moveUserTopics: "part of updateMessage's transaction",
  notifyAdded: 'announces the change of subscribe or createUser',
  notifyProfileFieldValue: 'announces the change of a profile field action',
  announceTopicVisibility: 'announces the change of setTopicVisibility or updateMessage',
  announceStoredTopicVisibilities:
    'announces the topic policies sendMessage, addReaction or addSubmessage set',
  storeTopicVisibilityChange:
    "part of setTopicVisibility's, sendMessage's, addReaction's or addSubmessage's transaction",
  applyPoliciesOnSend: "part of sendMessage's transaction",
  owePushesForSend: "part of sendMessage's transaction; what it owes phones no client state holds",
  owePushesForEdit:
    "part of updateMessage's transaction; what it owes phones no client state holds",
  announceDeletion: 'announces the deletion of deleteMessage, deleteTopic or a deactivation',
  takeDownReadPushes:
    'follows the read actions, which have rows; the phones it tells hold no client state',
  applyPolicyOnParticipation: "part of addReaction's or addSubmessage's transaction",
  announceMovedUserTopics: 'announces the change of updateMessage',
  announceSystemGroupMembership: 'announces the change of createUser',
  stageReferrerNotice: "part of joinByInvite's transaction",
  announceFullName: 'announces the change of changeFullName or updateBot',
  announceUserSetting: 'announces the change of changeUserSettings or changeTimezone',
  invitesFor: 'reads state',
  openInvite: 'a check; changes nothing',
  editableStream: 'a check; changes nothing',
  streamMoveAccess: 'a check; changes nothing',
  applyStreamMoveAccess: "part of updateMessage's transaction",
  announceLostAccess: 'announces the change of updateMessage',
  postMoveNotices: 'sends its notices through sendMessage, for updateMessage',
  announceArchiving: 'announces the change of archiveStream or updateStream',
  announceClaims: 'announces the change of sendMessage or updateMessage',
  addressMessage: 'a check of sendMessage and scheduleMessage, in their transactions',
  announceScheduledMessage: 'announces the change of a scheduled message action',
  announceScheduledMessageGone: 'announces the change of a scheduled message action',
  announceReminderGone: 'announces the change of deleteReminder or deliverReminder',
  deliverReminder: 'part of deliverDueScheduledMessages, which has its row',
  checkInFuture: 'a check; changes nothing',
  requestRealmExport: 'its realm_export events list exports, which no register state holds',
  deleteRealmExport: 'its realm_export event lists exports, which no register state holds',
  notifyRealmExport: 'tells administrators the exports, which no register state holds',
  announceExportConsent: 'announces the change of changeUserSettings; no client state holds it',
  abandonResumableUpload: 'ends a tus upload, which no client state holds',
  sweepAbandonedUploads: 'ends abandoned tus uploads, which no client state holds',
  keepSweepingUploads: 'runs sweepAbandonedUploads while the host runs',
  sendLegacyTestNotification:
    'sends nothing while the host is not registered with the push service; changes nothing',
  addLegacyPushToken: 'keeps a legacy push token, which no client state holds',
  removeLegacyPushToken: 'forgets a legacy push token, which no client state holds',
  announceActivityValues: "announces the change of sendMessage's first message to a channel",
  announceActivityChanges: 'announces the change of deleteMessage, topicDeletion or updateMessage',
  announceInvites: 'announces the change of an invitation action',
  invitationAccepted: 'part of joinByInvite, which has its rows',
  resendEmailInvitation: 'a check; the host sends no email, so it changes nothing',
  deactivateRealm: 'ends every queue and refuses register after it (realmDeactivation.test.ts)',
  reactivateRealm: 'runs as the host starts, before any client registers',
};

const actionsDir = join(import.meta.dirname, '../../src-main/server/actions');

/** Every `export function name(services: Services, …)` in the actions folder. */
function exportedServiceFunctions(): string[] {
  return readdirSync(actionsDir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => {
      const source = readFileSync(join(actionsDir, file), 'utf8');
      const found = source.matchAll(
        /export (?:async )?function (\w+)(?:<[^>]*>)?\(\s*services: Services\b/g,
      );
      return [...found].map((match) => match[1] as string);
    });
}

describe('initial state plus events equals fresh state', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;
  let pushService: StandInService;

  beforeAll(async () => {
    pushService = await startStandInService();
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    // Hearth offers no way to invite a guest yet; one is made in the database
    // before it ever authenticates, so that no cached row outlives the change.
    gus = await org.user('gus');
    const db = new Database(join(org.dataDir, 'hearth.sqlite3'));
    db.prepare('UPDATE users SET role = 600 WHERE id = ?').run(gus.id);
    db.close();
    await org.subscribe(alice, 'design');
    await org.subscribe(bob, 'design');
    await org.api(alice)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'design' }],
      principals: [gus.email],
    });
    const gusState = await org.api(gus)('POST', '/register', { fetch_event_types: ['realm_user'] });
    expect(gusState.json.is_guest).toBe(true);
  });
  afterAll(async () => {
    await org.close();
    await pushService.close();
  });

  interface View {
    viewer: () => TestUser;
    includeSubscribers: boolean;
    slimPresence: boolean;
    /** Registers with the linkifier_url_template capability, without which linkifiers are not told. */
    linkifiers?: true;
    /** Registers with the archived_channels capability, which keeps archived channels listed. */
    archivedChannels?: true;
    /** Registers with include_deactivated_groups, keeping deactivated groups in its state. */
    deactivatedGroups?: true;
    /** Registers with individual_emoji_changes, hearing of one custom emoji at a time. */
    emojiOneByOne?: true;
    /** Registers with simplified_presence_events, hearing presence in the modern form. */
    simplifiedPresence?: true;
  }

  const register = async (view: View) => {
    const { viewer, includeSubscribers, slimPresence } = view;
    const body = {
      include_subscribers: includeSubscribers,
      slim_presence: slimPresence,
      client_capabilities: {
        linkifier_url_template: view.linkifiers === true,
        archived_channels: view.archivedChannels === true,
        include_deactivated_groups: view.deactivatedGroups === true,
        individual_emoji_changes: view.emojiOneByOne === true,
        simplified_presence_events: view.simplifiedPresence === true,
      },
    };
    const state = (await org.api(viewer())('POST', '/register', body)).json;
    const queueId = state.queue_id as string;
    // Only the queue itself and the clock differ between two registrations of the same state.
    delete state.queue_id;
    delete state.last_event_id;
    delete state.server_timestamp;
    // Presence events carry no update ID; Zulip's own invariant test sets it aside too.
    delete state.presence_last_update_id;
    return { queueId, state: state as InitialState };
  };

  const designId = async (): Promise<number> =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: 'design' })).json.stream_id;
  const sendTo = async (user: TestUser, stream: string, topic: string, content = 'x') => {
    await org.subscribe(user, stream);
    const body = { type: 'stream', to: stream, topic, content };
    return (await org.api(user)('POST', '/messages', body)).json.id as number;
  };
  const supportGroupId = async (): Promise<number> => {
    const { user_groups } = (await org.api(alice)('GET', '/user_groups')).json as {
      user_groups: { id: number; is_system_group: boolean }[];
    };
    const made = user_groups.find((group) => !group.is_system_group);
    if (!made) throw new Error('no user group to change');
    return made.id;
  };
  const sendToDesign = async (user: TestUser, topic: string, content = 'x') => {
    await org.subscribe(alice, 'design');
    return sendTo(user, 'design', topic, content);
  };
  const secondsFromNow = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  const laterToDesign = async (seconds: number) => ({
    type: 'stream',
    to: String(await designId()),
    topic: 'later',
    scheduled_delivery_timestamp: secondsFromNow(seconds),
  });
  const scheduleFor = (user: TestUser, params: Record<string, unknown>) =>
    org.api(user)('POST', '/scheduled_messages', params);
  /** The ID of the user's scheduled message with that content; 0 when there is none. */
  const scheduledOf = async (user: TestUser, content: string): Promise<number> => {
    const { scheduled_messages: list } = (await org.api(user)('GET', '/scheduled_messages'))
      .json as { scheduled_messages: { scheduled_message_id: number; content: string }[] };
    return list.find((message) => message.content === content)?.scheduled_message_id ?? 0;
  };
  const sendPrivate = async (user: TestUser, to: TestUser[], content = 'x') =>
    (
      await org.api(user)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify(to.map((other) => other.id)),
        content,
      })
    ).json.id as number;
  const flag = (user: TestUser, messages: number[], op: string, flagName: string) =>
    org.api(user)('POST', '/messages/flags', { messages, op, flag: flagName });
  const setProperty = async (property: string, value: unknown) =>
    org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: await designId(), property, value }],
    });
  const setTopicPolicy = async (topic: string, policy: number) =>
    org.api(alice)('POST', '/user_topics', {
      stream_id: await designId(),
      topic,
      visibility_policy: policy,
    });
  const profileField = async (params: Record<string, unknown> = { field_type: 1 }) =>
    (
      await org.api(org.owner)('POST', '/realm/profile_fields', {
        name: `Field ${Date.now()}`,
        ...params,
      })
    ).json.id as number;
  const setProfileData = (user: TestUser, id: number, value: unknown) =>
    org.api(user)('PATCH', '/users/me/profile_data', { data: [{ id, value }] });
  let botSerial = 0;
  // Each run of the row chooses a zone other than the one before.
  const bobZones = ['Europe/Berlin', 'America/New_York'];
  let bobZoneTurn = 0;
  const newBot = (owner: TestUser) =>
    createWebhookBot(org, owner, `invariant${Date.now()}x${(botSerial += 1)}`);
  const reportPresence = (user: TestUser, status: string) =>
    org.api(user)('POST', '/users/me/presence', { status, ping_only: true });

  const rows: ActionRow[] = [
    {
      name: 'sending a stream message',
      // POST /messages sends through the grouped commit; both store and announce alike.
      covers: ['sendMessage', 'sendMessageGrouped'],
      act: () => sendToDesign(bob, 't'),
    },
    {
      name: 'sending a private message',
      covers: ['sendMessage'],
      act: () => sendPrivate(bob, [alice]),
    },
    {
      name: 'sending a group private message',
      covers: ['sendMessage'],
      act: () => sendPrivate(bob, [alice, carol]),
    },
    {
      name: 'sending a note to oneself',
      covers: ['sendMessage'],
      act: () => sendPrivate(alice, [alice]),
    },
    {
      name: 'mentioning someone and everyone',
      covers: ['sendMessage'],
      act: async () => {
        await sendToDesign(bob, 'mentions', '@**Alice** look');
        await sendToDesign(bob, 'mentions', '@**all** look');
        await sendPrivate(bob, [alice, carol], '@**all** in private');
      },
    },
    {
      name: 'mentioning the channel with @**channel**',
      covers: ['sendMessage'],
      act: () => sendToDesign(bob, 'mentions', '@**channel** look'),
    },
    {
      name: 'editing a message so that it mentions everyone',
      covers: ['updateMessage'],
      act: async () => {
        const id = await sendToDesign(bob, 'mentions', 'nothing yet');
        return org.api(bob)('PATCH', `/messages/${id}`, { content: '@**all** now' });
      },
    },
    {
      name: 'subscribing to a new stream',
      covers: ['subscribe'],
      act: () => org.subscribe(alice, `new-${Date.now()}`),
    },
    {
      name: 'a peer joining a stream',
      covers: ['subscribe'],
      act: () => org.subscribe(carol, 'design'),
    },
    {
      name: 'unsubscribing from a stream with unread messages',
      covers: ['unsubscribe'],
      act: async () => {
        await sendToDesign(bob, 'before leaving');
        return org.api(alice)('DELETE', '/users/me/subscriptions', {
          subscriptions: ['design'],
        });
      },
    },
    {
      name: 'rejoining a stream one left',
      covers: ['subscribe'],
      act: () => org.subscribe(alice, 'design'),
    },
    { name: 'a user joining', covers: ['createUser'], act: () => org.user(`user${Date.now()}`) },
    {
      name: 'a person made through the API signing in for the first time, a second later',
      covers: ['createUser', 'recordFirstLogin'],
      act: async () => {
        const email = `first${Date.now()}@hearth.test`;
        await org.api(org.owner)('POST', '/users', {
          email,
          full_name: `First ${Date.now()}`,
          password: testPassword,
        });
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        return org.api(alice)('POST', '/fetch_api_key', {
          username: email,
          password: testPassword,
        });
      },
    },
    {
      name: 'being subscribed by someone else, which Notification Bot tells',
      covers: [
        'subscribe',
        'stageNewSubscriptionMessages',
        'stageBotDirectMessage',
        'stageMessage',
      ],
      act: async () => {
        await org.subscribe(bob, 'bulletin');
        return org.api(bob)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'bulletin' }],
          principals: [alice.id],
        });
      },
    },
    {
      name: 'creating a private stream with a member',
      covers: ['subscribe'],
      act: () =>
        org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'hideout' }],
          principals: [alice.email, bob.email],
          invite_only: true,
        }),
    },
    {
      name: 'leaving a private stream',
      covers: ['unsubscribe'],
      act: () => org.api(bob)('DELETE', '/users/me/subscriptions', { subscriptions: ['hideout'] }),
    },
    {
      name: 'muting a stream with unread messages through the legacy in_home_view',
      covers: ['updateSubscriptionProperties'],
      act: async () => {
        await sendToDesign(bob, 'muted soon');
        return setProperty('in_home_view', false);
      },
    },
    {
      name: 'unmuting a topic of a muted stream, then hearing from it',
      covers: ['setTopicVisibility', 'sendMessage'],
      act: async () => {
        await setTopicPolicy('signal', 2);
        return sendToDesign(bob, 'signal');
      },
    },
    {
      name: 'unmuting a stream and changing its color',
      covers: ['updateSubscriptionProperties'],
      act: async () => {
        await setProperty('is_muted', false);
        return setProperty('color', '#123456');
      },
    },
    {
      name: 'muting a topic with unread messages',
      covers: ['muteTopic'],
      act: async () => {
        await sendToDesign(bob, 'noise');
        return org.api(alice)('PATCH', '/users/me/subscriptions/muted_topics', {
          stream: 'design',
          topic: 'noise',
          op: 'add',
        });
      },
    },
    {
      name: 'a wildcard mention arriving in a muted topic',
      covers: ['sendMessage'],
      act: () => sendToDesign(bob, 'NOISE', '@**all** wildcard in a muted topic'),
    },
    {
      // The wildcard mention is read first: a client cannot tell an unread
      // wildcard mention from a personal one, so unmuting cannot bring it back
      // among the mentions (see applyUnreadEvent).
      name: 'clearing a muted topic with unread messages through user_topics',
      covers: ['setTopicVisibility'],
      act: async () => {
        const { messages } = (
          await org.api(alice)('GET', '/messages', {
            anchor: 'newest',
            num_before: 1,
            num_after: 0,
            narrow: [{ operator: 'search', operand: 'wildcard' }],
          })
        ).json as { messages: { id: number }[] };
        await flag(
          alice,
          messages.map((message) => message.id),
          'add',
          'read',
        );
        return setTopicPolicy('noise', 0);
      },
    },
    {
      name: 'following a topic with unread messages',
      covers: ['setTopicVisibility'],
      act: async () => {
        await sendToDesign(bob, 'followed');
        return setTopicPolicy('followed', 3);
      },
    },
    {
      name: 'starting a topic, which its sender follows, mentioning someone who follows it too',
      covers: ['sendMessage'],
      act: () => sendToDesign(bob, 'fresh start', `@**${alice.fullName}** look`),
    },
    {
      name: 'following a topic by reacting in it',
      covers: ['addReaction', 'changeUserSettings'],
      act: async () => {
        const id = await sendToDesign(bob, 'reacted to');
        await org.api(alice)('PATCH', '/settings', { automatically_follow_topics_policy: 1 });
        await org.api(alice)('POST', `/messages/${id}/reactions`, { emoji_name: 'tada' });
        return org.api(alice)('PATCH', '/settings', { automatically_follow_topics_policy: 3 });
      },
    },
    {
      name: 'changing notification settings',
      covers: ['updateNotificationSettings'],
      act: () =>
        org.api(alice)('PATCH', '/settings/notifications', {
          enable_sounds: false,
          notification_sound: 'ding',
        }),
    },
    {
      name: 'a user changing their full name',
      covers: ['changeFullName'],
      act: () => org.api(bob)('PATCH', '/settings', { full_name: `Bob ${Date.now()}` }),
    },
    {
      name: 'a bot changing its own full name',
      covers: ['changeFullName'],
      act: async () => {
        // A generic bot: Zulip keeps incoming-webhook bots out of PATCH /settings.
        const shortName = `renamer${Date.now()}`;
        const created = await org.api(alice)('POST', '/bots', {
          full_name: `${shortName} bot`,
          short_name: shortName,
        });
        const bot = {
          ...alice,
          id: created.json.user_id,
          email: `${shortName}-bot@hearth.local`,
          apiKey: created.json.api_key,
        };
        return org.api(bot)('PATCH', '/settings', {
          full_name: `Renamed ${Date.now()}`,
        });
      },
    },
    {
      name: 'changing display, privacy and notification settings at once',
      covers: ['changeUserSettings'],
      act: () =>
        org.api(alice)('PATCH', '/settings', {
          twenty_four_hour_time: true,
          emojiset: 'text',
          send_read_receipts: false,
          presence_enabled: false,
          enable_desktop_notifications: false,
        }),
    },
    {
      name: 'changing the settings Zulip added after 7.0, and the renamed home view',
      covers: ['changeUserSettings'],
      act: () =>
        org.api(alice)('PATCH', '/settings', {
          web_home_view: 'all_messages',
          web_escape_navigates_to_home_view: false,
          web_font_size_px: 14,
          web_line_height_percent: 122,
          web_channel_default_view: 4,
          web_animate_image_previews: 'always',
          receives_typing_notifications: false,
          allow_private_data_export: true,
          web_inbox_show_channel_folders: false,
          desktop_icon_count_display: 4,
          resolved_topic_notice_auto_read_policy: 'never',
        }),
    },
    {
      name: 'an administrator changing settings for the members of a group',
      covers: ['changeSettingsForOthers'],
      act: () =>
        org.api(org.owner)('PATCH', '/settings', {
          target_users: { group_ids: [5], skip_if_already_edited: true },
          web_font_size_px: 15,
          color_scheme: 3,
        }),
    },
    {
      name: 'a user choosing a language',
      covers: ['changeUserSettings'],
      act: async () => {
        const response = await org.api(alice)('PATCH', '/settings', {
          default_language: 'zh-hans',
        });
        expect(response.status).toBe(200);
      },
    },
    {
      name: 'a user choosing a time zone',
      covers: ['changeTimezone'],
      act: () =>
        org.api(bob)('PATCH', '/settings', {
          timezone: bobZones[(bobZoneTurn += 1) % bobZones.length],
        }),
    },
    {
      name: 'making a stream default',
      covers: ['addDefaultStream'],
      act: async () =>
        org.api(org.owner)('POST', '/default_streams', { stream_id: await designId() }),
    },
    {
      name: 'no longer making a stream default',
      covers: ['removeDefaultStream'],
      act: async () =>
        org.api(org.owner)('DELETE', '/default_streams', { stream_id: await designId() }),
    },
    {
      name: 'making a channel default through PATCH /streams/{id}, and no longer',
      covers: ['setDefaultStream'],
      act: async () => {
        const id = await designId();
        await org.api(org.owner)('PATCH', `/streams/${id}`, { is_default_stream: true });
        return org.api(org.owner)('PATCH', `/streams/${id}`, {
          is_default_stream: false,
          description: 'Not for everyone',
        });
      },
    },
    {
      name: 'creating a default channel while subscribing',
      covers: ['subscribe'],
      act: () =>
        org.api(org.owner)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: `lobby-${Date.now()}` }],
          is_default_stream: true,
        }),
    },
    {
      name: 'creating a channel through POST /channels/create, with subscribers',
      covers: ['createChannel'],
      act: () =>
        org.api(alice)('POST', '/channels/create', {
          name: `made-${Date.now()}`,
          subscribers: JSON.stringify([bob.id, gus.id]),
        }),
    },
    {
      name: "sending a new channel's first message, then deleting it",
      covers: ['sendMessage', 'deleteMessage'],
      act: async () => {
        const name = `fresh-${Date.now()}`;
        await org.subscribe(bob, name);
        const first = await sendTo(alice, name, 'hello', 'first');
        await sendTo(alice, name, 'hello', 'second');
        return org.api(org.owner)('DELETE', `/messages/${first}`);
      },
    },
    {
      name: "moving a channel's first message into an empty channel",
      covers: ['updateMessage'],
      act: async () => {
        const from = `source-${Date.now()}`;
        const to = `target-${Date.now()}`;
        await org.subscribe(alice, to);
        const id = await sendTo(alice, from, 'moving', 'first');
        await sendTo(alice, from, 'staying', 'second');
        return org.api(org.owner)('PATCH', `/messages/${id}`, {
          stream_id: (await org.api(alice)('GET', '/get_stream_id', { stream: to })).json
            .stream_id as number,
          propagate_mode: 'change_one',
        });
      },
    },
    {
      name: "changing the organization's name, description and editing settings",
      covers: ['updateRealm'],
      act: () =>
        org.api(org.owner)('PATCH', '/realm', {
          name: 'Renamed office',
          description: 'Where we **work**',
          allow_message_editing: false,
          message_content_edit_limit_seconds: JSON.stringify('unlimited'),
          edit_topic_policy: 2,
          allow_edit_history: false,
          delete_own_message_policy: 1,
          message_content_delete_limit_seconds: 3600,
          move_messages_within_stream_limit_seconds: 60,
        }),
    },
    {
      name: "changing the organization's language",
      covers: ['updateRealm'],
      act: async () => {
        const response = await org.api(org.owner)('PATCH', '/realm', { default_language: 'de' });
        expect(response.json).toMatchObject({ default_language: 'updated' });
      },
    },
    {
      name: 'changing the organization settings Zulip added after 7.0',
      covers: ['updateRealm'],
      act: async () =>
        org.api(org.owner)('PATCH', '/realm', {
          enable_guest_user_indicator: false,
          enable_guest_user_dm_warning: false,
          zulip_update_announcements_stream_id: await designId(),
        }),
    },
    {
      name: 'showing only moves in edit history, and the role policies of channel creation and emoji',
      covers: ['updateRealm'],
      act: () =>
        org.api(org.owner)('PATCH', '/realm', {
          message_edit_history_visibility_policy: 'moves',
          // Full members, whom Hearth's members all are: later rows still make channels.
          create_public_stream_policy: 3,
          create_private_stream_policy: 3,
          create_web_public_stream_policy: 6,
          add_custom_emoji_policy: 3,
        }),
    },
    {
      name: 'turning read receipts off for the organization',
      covers: ['updateRealm'],
      act: () => org.api(org.owner)('PATCH', '/realm', { enable_read_receipts: false }),
    },
    {
      name: "changing the organization's bot_creation_policy",
      covers: ['updateRealm'],
      // And back, so that the rows after it may still create bots as members.
      act: async () => {
        await org.api(org.owner)('PATCH', '/realm', { bot_creation_policy: 3 });
        return org.api(org.owner)('PATCH', '/realm', { bot_creation_policy: 1 });
      },
    },
    {
      name: 'giving group settings of the organization to a group of people, and back to a role',
      covers: ['updateRealm'],
      act: async () => {
        await org.api(org.owner)('PATCH', '/realm', {
          can_delete_own_message_group: {
            new: { direct_members: [alice.id], direct_subgroups: [3] },
          },
          can_add_subscribers_group: { new: 2 },
        });
        return org.api(org.owner)('PATCH', '/realm', { can_add_subscribers_group: { new: 5 } });
      },
    },
    {
      name: 'letting only administrators invite, and changing the notifications stream',
      covers: ['updateRealm'],
      act: async () =>
        org.api(org.owner)('PATCH', '/realm', {
          invite_to_realm_policy: 2,
          new_stream_announcements_stream_id: await designId(),
        }),
    },
    {
      name: "changing the organization settings Zulip added after 7.0, under Zulip 12's names",
      covers: ['updateRealm'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'reports' }],
          principals: [alice.id],
          invite_only: true,
        });
        const reportsId = (await org.api(alice)('GET', '/get_stream_id', { stream: 'reports' }))
          .json.stream_id as number;
        return org.api(org.owner)('PATCH', '/realm', {
          new_stream_announcements_stream_id: await designId(),
          signup_announcements_stream_id: await designId(),
          moderation_request_channel_id: reportsId,
          send_channel_events_messages: false,
          welcome_message_custom_text: 'Say hello in #**general**',
          media_preview_size: 200,
          gif_rating_policy: 3,
          video_chat_provider: 1,
          jitsi_server_url: JSON.stringify('https://jitsi.example.com'),
          description: 'Now with **rendered** descriptions',
        });
      },
    },
    {
      name: "trying out Welcome Bot's custom message",
      covers: ['testWelcomeBotCustomMessage', 'stageBotDirectMessage', 'stageMessage'],
      act: () =>
        org.api(org.owner)('POST', '/realm/test_welcome_bot_custom_message', {
          welcome_message_custom_text: 'Welcome, **friend**!',
        }),
    },
    {
      name: "uploading the organization's icon",
      covers: ['uploadRealmIcon'],
      act: () =>
        postFiles(org, org.owner, 'POST', '/realm/icon', [{ name: 'file', data: onePixelPng }]),
    },
    {
      name: "going back to the organization's drawn icon",
      covers: ['deleteRealmIcon'],
      act: () => org.api(org.owner)('DELETE', '/realm/icon'),
    },
    {
      name: 'uploading a custom emoji',
      covers: ['uploadRealmEmoji'],
      act: () =>
        postFiles(org, alice, 'POST', '/realm/emoji/invariant_emoji', [
          { name: 'file', data: onePixelPng },
        ]),
    },
    {
      name: 'deactivating a custom emoji',
      covers: ['removeRealmEmoji'],
      act: () => org.api(alice)('DELETE', '/realm/emoji/invariant_emoji'),
    },
    {
      name: "editing a message's content to mention someone",
      covers: ['updateMessage'],
      act: async () => {
        const id = await sendToDesign(alice, 'edits', 'draft');
        return org.api(alice)('PATCH', `/messages/${id}`, { content: '@**Bob** final' });
      },
    },
    {
      name: 'renaming a muted topic with unread messages, with change_all',
      covers: ['updateMessage'],
      act: async () => {
        await org.api(bob)('PATCH', '/users/me/subscriptions/muted_topics', {
          stream: 'design',
          topic: 'old name',
          op: 'add',
        });
        const id = await sendToDesign(alice, 'old name');
        await sendToDesign(alice, 'old name');
        return org.api(bob)('PATCH', `/messages/${id}`, {
          topic: 'new name',
          propagate_mode: 'change_all',
        });
      },
    },
    {
      name: 'starring a received message',
      covers: ['updateMessageFlags'],
      act: async () => flag(alice, [await sendToDesign(bob, 'topic')], 'add', 'starred'),
    },
    {
      name: "starring a public stream's message one never received",
      covers: ['updateMessageFlags'],
      act: async () => flag(alice, [await sendTo(bob, 'bob-only', 'topic')], 'add', 'starred'),
    },
    {
      name: 'unstarring',
      covers: ['updateMessageFlags'],
      act: async () => {
        const id = await sendToDesign(bob, 'topic');
        await flag(alice, [id], 'add', 'starred');
        return flag(alice, [id], 'remove', 'starred');
      },
    },
    {
      name: 'marking read through message flags',
      covers: ['updateMessageFlags'],
      act: async () => flag(alice, [await sendToDesign(bob, 'topic')], 'add', 'read'),
    },
    {
      name: 'marking a topic read, then unread again, through a narrow',
      covers: ['updateFlagsForNarrow'],
      act: async () => {
        await sendToDesign(bob, 'narrowed', 'one');
        await sendToDesign(bob, 'narrowed', '@**Alice** two');
        const params = {
          anchor: 'oldest',
          num_before: 0,
          num_after: 100,
          narrow: [
            { operator: 'channel', operand: 'design' },
            { operator: 'topic', operand: 'narrowed' },
          ],
          flag: 'read',
        };
        await org.api(alice)('POST', '/messages/flags/narrow', { ...params, op: 'add' });
        return org.api(alice)('POST', '/messages/flags/narrow', { ...params, op: 'remove' });
      },
    },
    {
      name: 'marking stream, private and group messages unread, mentions among them',
      covers: ['updateMessageFlags'],
      act: async () => {
        const ids = [
          await sendToDesign(bob, 'again', '@**Alice** hi'),
          await sendPrivate(bob, [alice]),
          await sendPrivate(bob, [alice, carol], '@**all** hi'),
          await sendPrivate(alice, [alice]),
        ];
        await flag(alice, ids, 'add', 'read');
        return flag(alice, ids, 'remove', 'read');
      },
    },
    {
      name: 'marking all as read',
      covers: ['markAllAsRead'],
      act: () => org.api(alice)('POST', '/mark_all_as_read'),
    },
    {
      name: 'marking a stream as read',
      covers: ['markStreamAsRead'],
      act: async () => {
        await sendToDesign(bob, 'topic');
        return org.api(alice)('POST', '/mark_stream_as_read', { stream_id: await designId() });
      },
    },
    {
      name: 'marking a topic as read',
      covers: ['markStreamAsRead'],
      act: async () => {
        await sendToDesign(bob, 'lunch');
        return org.api(alice)('POST', '/mark_topic_as_read', {
          stream_id: await designId(),
          topic_name: 'lunch',
        });
      },
    },
    {
      // Not the newest message: a client cannot know which message becomes
      // max_message_id when the newest goes (Zulip's own apply_event asks its database).
      name: 'deleting a starred, unread message',
      covers: ['deleteMessage'],
      act: async () => {
        const doomed = await sendToDesign(bob, 'topic', '@**Alice** soon gone');
        await flag(alice, [doomed], 'add', 'starred');
        await sendToDesign(bob, 'topic');
        return org.api(org.owner)('DELETE', `/messages/${doomed}`);
      },
    },
    {
      // Two batches, the newest first; a later message elsewhere stays the newest.
      name: 'deleting a topic with starred, unread and mentioning messages',
      covers: ['topicDeletion'],
      act: async () => {
        const doomed: number[] = [];
        for (let index = 0; index < 102; index++) {
          doomed.push(await sendToDesign(bob, 'doomed topic', index === 0 ? '@**Alice** hi' : 'x'));
        }
        await flag(alice, doomed.slice(0, 3), 'add', 'starred');
        await sendToDesign(bob, 'survivor');
        return org.api(org.owner)('POST', `/streams/${await designId()}/delete_topic`, {
          topic_name: 'doomed topic',
        });
      },
    },
    {
      name: 'creating a custom profile field',
      covers: ['createProfileField'],
      act: () => profileField(),
    },
    {
      name: 'setting a custom profile field value',
      covers: ['updateOwnProfileData'],
      act: async () => setProfileData(alice, await profileField(), '**bold** claim'),
    },
    {
      name: 'removing a custom profile field value',
      covers: ['removeOwnProfileData'],
      act: async () => {
        const id = await profileField();
        await setProfileData(alice, id, 'x');
        return org.api(alice)('DELETE', '/users/me/profile_data', { data: [id] });
      },
    },
    {
      name: 'deleting a custom profile field someone filled in',
      covers: ['removeProfileField'],
      act: async () => {
        const id = await profileField();
        await setProfileData(bob, id, 'x');
        return org.api(org.owner)('DELETE', `/realm/profile_fields/${id}`);
      },
    },
    {
      name: 'dropping a list option someone chose',
      covers: ['updateProfileField'],
      act: async () => {
        const options = { a: { text: 'A', order: '1' }, b: { text: 'B', order: '2' } };
        const name = `Options ${Date.now()}`;
        const id = await profileField({ name, field_type: 3, field_data: options });
        await setProfileData(alice, id, 'a');
        return org.api(org.owner)('PATCH', `/realm/profile_fields/${id}`, {
          name,
          field_data: { b: options.b },
        });
      },
    },
    {
      name: 'reordering custom profile fields',
      covers: ['reorderProfileFields'],
      act: async () => {
        await profileField();
        const fields = (await org.api(alice)('GET', '/realm/profile_fields')).json
          .custom_fields as { id: number }[];
        const order = fields.map((field) => field.id).reverse();
        return org.api(org.owner)('PATCH', '/realm/profile_fields', { order });
      },
    },
    {
      name: "a user's first presence report, active",
      covers: ['updatePresence'],
      act: () => reportPresence(bob, 'active'),
    },
    {
      name: "a new user's first presence report, idle, then an active one",
      covers: ['updatePresence'],
      act: async () => {
        const newcomer = await org.user(`idler${Date.now()}`);
        await reportPresence(newcomer, 'idle');
        return reportPresence(newcomer, 'active');
      },
    },
    {
      name: 'typing to a person and in a stream',
      covers: ['sendPrivateTyping', 'sendStreamTyping'],
      act: async () => {
        await org.api(bob)('POST', '/typing', { op: 'start', to: [alice.id] });
        return org.api(bob)('POST', '/typing', {
          type: 'stream',
          op: 'stop',
          to: [await designId()],
          topic: 't',
        });
      },
    },
    {
      name: 'typing while editing a message',
      covers: ['sendMessageEditTyping'],
      act: async () => {
        const sent = await org.api(bob)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 'edited soon',
          content: 'draft',
        });
        return org.api(bob)('POST', `/messages/${sent.json.id as number}/typing`, { op: 'start' });
      },
    },
    {
      name: 'reporting a message to the moderators',
      covers: ['reportMessage'],
      act: async () => {
        const name = `moderators${Date.now()}`;
        await org.api(org.owner)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name }],
          invite_only: true,
        });
        const channel = await org.api(org.owner)('GET', '/get_stream_id', { stream: name });
        await org.api(org.owner)('PATCH', '/realm', {
          moderation_request_channel_id: channel.json.stream_id as number,
        });
        const sent = await org.api(bob)('POST', '/messages', {
          type: 'stream',
          to: 'design',
          topic: 'reported',
          content: 'rude',
        });
        return org.api(alice)('POST', `/messages/${sent.json.id as number}/report`, {
          report_type: 'spam',
        });
      },
    },
    {
      name: 'creating an incoming webhook bot',
      covers: ['createBot'],
      act: () => newBot(alice),
    },
    {
      name: 'creating an outgoing webhook bot',
      covers: ['createBot'],
      act: () =>
        org.api(alice)('POST', '/bots', {
          full_name: `Outgoing ${(botSerial += 1)}`,
          short_name: `outgoing${botSerial}`,
          bot_type: 3,
          payload_url: JSON.stringify('https://93.184.216.34/bot'),
          interface_type: 2,
        }),
    },
    {
      name: "moving an outgoing webhook bot's URL",
      covers: ['updateBot'],
      act: async () => {
        const created = await org.api(alice)('POST', '/bots', {
          full_name: `Moving ${(botSerial += 1)}`,
          short_name: `moving${botSerial}`,
          bot_type: 3,
          payload_url: JSON.stringify('https://93.184.216.34/bot'),
        });
        return org.api(alice)('PATCH', `/bots/${created.json.user_id}`, {
          service_payload_url: JSON.stringify('https://93.184.216.34/v2'),
          service_interface: 2,
        });
      },
    },
    {
      name: "regenerating a bot's API key",
      covers: ['regenerateBotApiKey'],
      act: async () =>
        org.api(alice)('POST', `/bots/${(await newBot(alice)).id}/api_key/regenerate`),
    },
    {
      name: 'renaming a bot and changing its default streams',
      covers: ['updateBot'],
      act: async () => {
        const bot = await newBot(alice);
        return org.api(alice)('PATCH', `/bots/${bot.id}`, {
          full_name: `Renamed ${bot.id}`,
          default_sending_stream: 'design',
          default_all_public_streams: true,
        });
      },
    },
    {
      name: "changing a bot's short name, and so its email",
      covers: ['updateBot'],
      act: async () => {
        const bot = await newBot(alice);
        return org.api(alice)('PATCH', `/bots/${bot.id}`, { short_name: `readdressed${bot.id}` });
      },
    },
    {
      name: 'handing a bot to another member',
      covers: ['updateBot'],
      act: async () =>
        org.api(alice)('PATCH', `/bots/${(await newBot(alice)).id}`, { bot_owner_id: bob.id }),
    },
    {
      name: 'deactivating a bot',
      covers: ['deactivateBot'],
      act: async () => org.api(alice)('DELETE', `/bots/${(await newBot(alice)).id}`),
    },
    {
      name: 'a webhook message',
      covers: ['sendMessage'],
      act: async () =>
        postWebhook(org, await newBot(alice), 'helloworld', {
          query: { stream: 'design' },
          body: fixture('helloworld', 'hello.json'),
        }),
    },
    {
      name: 'a webhook posting to a stream that does not exist, which tells the owner',
      covers: ['sendMessage'],
      act: async () =>
        postWebhook(org, await newBot(alice), 'helloworld', {
          query: { stream: 'nowhere' },
          body: fixture('helloworld', 'hello.json'),
        }),
    },
    {
      name: 'uploading a file, and sending a message that links it',
      covers: ['uploadFile'],
      act: async () => {
        const uri = (
          await postFiles(org, alice, 'POST', '/user_uploads', [
            { name: 'file', data: onePixelPng },
          ])
        ).json.uri as string;
        return sendToDesign(alice, 'files', `[pixel](${uri})`);
      },
    },
    {
      name: 'uploading a file over tus, in two chunks',
      covers: ['beginResumableUpload', 'finishResumableUpload', 'storeAttachment'],
      act: async () => {
        const headers = {
          Authorization: `Basic ${Buffer.from(`${alice.email}:${alice.apiKey}`).toString('base64')}`,
          'Tus-Resumable': '1.0.0',
        };
        const created = await fetch(`${org.url}/api/v1/tus`, {
          method: 'POST',
          headers: { ...headers, 'Upload-Length': '6', 'Upload-Metadata': 'filename YS50eHQ=' },
        });
        const location = created.headers.get('location') ?? '';
        for (const [offset, chunk] of [
          [0, 'abc'],
          [3, 'def'],
        ] as const) {
          await fetch(location, {
            method: 'PATCH',
            headers: {
              ...headers,
              'Content-Type': 'application/offset+octet-stream',
              'Upload-Offset': String(offset),
            },
            body: chunk,
          });
        }
      },
    },
    {
      name: 'removing an uploaded file',
      covers: ['removeAttachment'],
      act: async () => {
        const { attachments } = (await org.api(alice)('GET', '/attachments')).json as {
          attachments: { id: number }[];
        };
        return org.api(alice)('DELETE', `/attachments/${attachments[0]?.id}`);
      },
    },
    {
      name: 'adding alert words',
      covers: ['addAlertWords'],
      act: () =>
        org.api(bob)('POST', '/users/me/alert_words', { alert_words: ['deploy', 'Lunch'] }),
    },
    {
      name: 'removing an alert word',
      covers: ['removeAlertWords'],
      act: () => org.api(bob)('DELETE', '/users/me/alert_words', { alert_words: ['LUNCH'] }),
    },
    {
      name: 'muting someone whose messages are unread',
      covers: ['muteUser'],
      act: async () => {
        await sendToDesign(carol, 'noise', 'Unread until muted');
        return org.api(bob)('POST', `/users/me/muted_users/${carol.id}`);
      },
    },
    {
      name: 'a muted user sending a message',
      covers: ['sendMessage'],
      act: () => sendToDesign(carol, 'noise', 'Read on arrival for bob'),
    },
    {
      name: 'unmuting someone',
      covers: ['unmuteUser'],
      act: () => org.api(bob)('DELETE', `/users/me/muted_users/${carol.id}`),
    },
    {
      name: 'saving drafts, one older than those kept',
      covers: ['createDrafts'],
      act: async () => {
        const to = [await designId()];
        return org.api(bob)('POST', '/drafts', {
          drafts: [
            { type: 'stream', to, topic: 'plans', content: 'Older', timestamp: 1_600_000_000 },
            { type: 'private', to: [alice.id], topic: '', content: 'Newer' },
          ],
        });
      },
    },
    {
      name: 'editing the oldest draft, which makes it the newest',
      covers: ['editDraft'],
      act: async () => {
        const drafts = (await org.api(bob)('GET', '/drafts')).json.drafts as { id: number }[];
        const oldest = drafts[0]?.id ?? 0;
        return org.api(bob)('PATCH', `/drafts/${oldest}`, {
          draft: { type: '', to: [], topic: '', content: 'Edited', timestamp: 2_000_000_000 },
        });
      },
    },
    {
      name: 'deleting a draft',
      covers: ['deleteDraft'],
      act: async () => {
        const drafts = (await org.api(bob)('GET', '/drafts')).json.drafts as { id: number }[];
        return org.api(bob)('DELETE', `/drafts/${drafts[0]?.id ?? 0}`);
      },
    },
    {
      name: 'turning draft synchronization off, which forgets the drafts kept',
      covers: ['changeUserSettings'],
      act: async () => {
        await org.api(bob)('PATCH', '/settings', { enable_drafts_synchronization: false });
        return org.api(bob)('PATCH', '/settings', { enable_drafts_synchronization: true });
      },
    },
    {
      name: 'saving a snippet',
      covers: ['createSavedSnippet'],
      act: () => org.api(bob)('POST', '/saved_snippets', { title: 'Hello', content: 'Hi there' }),
    },
    {
      name: 'editing a snippet',
      covers: ['editSavedSnippet'],
      act: async () => {
        const snippets = (await org.api(bob)('GET', '/saved_snippets')).json.saved_snippets as {
          id: number;
        }[];
        return org.api(bob)('PATCH', `/saved_snippets/${snippets[0]?.id ?? 0}`, {
          content: 'Hello again',
        });
      },
    },
    {
      name: 'deleting a snippet',
      covers: ['deleteSavedSnippet'],
      act: async () => {
        const snippets = (await org.api(bob)('GET', '/saved_snippets')).json.saved_snippets as {
          id: number;
        }[];
        return org.api(bob)('DELETE', `/saved_snippets/${snippets[0]?.id ?? 0}`);
      },
    },
    {
      name: 'registering a phone as a device',
      covers: ['registerClientDevice'],
      act: () => org.api(bob)('POST', '/register_client_device'),
    },
    {
      name: 'removing a device as its phone signs out',
      covers: ['removeClientDevice'],
      act: async () => {
        const deviceId = (await org.api(bob)('POST', '/register_client_device')).json.device_id;
        return org.api(bob)('POST', '/remove_client_device', { device_id: deviceId });
      },
    },
    {
      name: 'registering the host with a push service',
      covers: [],
      act: () =>
        org.host.registerPushService({
          url: pushService.url,
          contactEmail: 'owner@office.test',
          termsAccepted: true,
        }),
    },
    {
      name: 'registering a phone for E2EE notifications, then testing it',
      covers: ['registerPushDevice', 'sendE2eeTestNotification'],
      act: async () => {
        const phone = await makeTestPhone();
        const deviceId = (await org.api(bob)('POST', '/register_client_device')).json.device_id;
        await org.api(bob)('POST', '/mobile_push/register', {
          device_id: deviceId,
          ...phone.keyFields(),
          ...phone.tokenFields(pushService.publicKey),
        });
        // The service confirms the token in the background: its event is this row's too.
        for (let tries = 0; tries < 200; tries++) {
          const state = await org.api(bob)('POST', '/register', { fetch_event_types: ['device'] });
          if (state.json.devices[String(deviceId)]?.push_token_id) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return org.api(bob)('POST', '/mobile_push/e2ee/test_notification', {
          device_id: deviceId,
        });
      },
    },
    {
      name: 'making a channel folder',
      covers: ['createChannelFolder'],
      act: () =>
        org.api(org.owner)('POST', '/channel_folders/create', {
          name: 'Projects',
          description: 'What we **build**',
        }),
    },
    {
      name: 'renaming, describing and archiving a channel folder',
      covers: ['updateChannelFolder'],
      act: async () => {
        const made = await org.api(org.owner)('POST', '/channel_folders/create', {
          name: 'Scratch',
          description: '',
        });
        return org.api(org.owner)('PATCH', `/channel_folders/${made.json.channel_folder_id}`, {
          name: 'Old scratch',
          description: 'Kept for *later*',
          is_archived: true,
        });
      },
    },
    {
      name: 'putting the channel folders in another order',
      covers: ['reorderChannelFolders'],
      act: async () => {
        const folders = (
          await org.api(org.owner)('GET', '/channel_folders', { include_archived: true })
        ).json.channel_folders as { id: number }[];
        return org.api(org.owner)('PATCH', '/channel_folders', {
          order: folders.map((folder) => folder.id).reverse(),
        });
      },
    },
    {
      name: 'filing a channel in a folder',
      covers: ['updateStream'],
      act: async () => {
        const folders = (await org.api(org.owner)('GET', '/channel_folders')).json
          .channel_folders as { id: number }[];
        const stream = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'design' }))
          .json.stream_id as number;
        return org.api(org.owner)('PATCH', `/streams/${stream}`, { folder_id: folders[0]?.id });
      },
    },
    {
      name: 'sending a message to the empty topic',
      covers: ['sendMessage'],
      act: () => sendToDesign(alice, 'general chat', 'No topic needed'),
    },
    {
      name: "setting a channel's topics policy",
      covers: ['updateStream'],
      act: async () => {
        const stream = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'design' }))
          .json.stream_id as number;
        return org.api(org.owner)('PATCH', `/streams/${stream}`, {
          topics_policy: 'disable_empty_topic',
        });
      },
    },
    {
      name: "setting the organization's topics policy",
      covers: ['updateRealm'],
      act: () => org.api(org.owner)('PATCH', '/realm', { topics_policy: 'disable_empty_topic' }),
    },
    {
      name: "choosing Jdenticon as the organization's default avatars",
      covers: ['updateRealm'],
      act: () => org.api(org.owner)('PATCH', '/realm', { default_avatar_source: 'J' }),
    },
    {
      name: "sending a message with someone's alert word",
      covers: ['sendMessage'],
      act: () => sendToDesign(alice, 'ops', 'Is the deploy done?'),
    },
    {
      name: 'reacting to a message, and another joining the reaction',
      covers: ['addReaction'],
      act: async () => {
        const id = await sendToDesign(bob, 'topic');
        await org.api(bob)('POST', `/messages/${id}/reactions`, { emoji_name: 'tada' });
        return org.api(alice)('POST', `/messages/${id}/reactions`, { emoji_name: 'party_popper' });
      },
    },
    {
      name: 'reacting to the newest message of a public stream one never received',
      covers: ['addReaction'],
      act: async () => {
        const id = await sendTo(bob, 'bob-only', 'topic');
        return org.api(alice)('POST', `/messages/${id}/reactions`, { emoji_name: 'octopus' });
      },
    },
    {
      name: 'taking a reaction back',
      covers: ['removeReaction'],
      act: async () => {
        const id = await sendToDesign(bob, 'topic');
        await org.api(alice)('POST', `/messages/${id}/reactions`, { emoji_name: 'zulip' });
        return org.api(alice)('DELETE', `/messages/${id}/reactions`, {
          emoji_code: 'zulip',
          reaction_type: 'zulip_extra_emoji',
        });
      },
    },
    {
      name: 'opening a poll, voting on it and adding an option',
      covers: ['sendMessage', 'addSubmessage'],
      act: async () => {
        const id = await sendToDesign(bob, 'lunch', '/poll Where?\nPizza');
        await org.api(alice)('POST', '/submessage', {
          message_id: id,
          msg_type: 'widget',
          content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }),
        });
        return org.api(alice)('POST', '/submessage', {
          message_id: id,
          msg_type: 'widget',
          content: JSON.stringify({ type: 'new_option', idx: 1, option: 'Soup' }),
        });
      },
    },
    {
      name: 'making a user group',
      covers: ['createUserGroup'],
      act: () =>
        org.api(alice)('POST', '/user_groups/create', {
          name: 'Support',
          description: 'First line',
          members: [alice.id, bob.id],
        }),
    },
    {
      name: 'renaming a user group and changing its members',
      covers: ['updateUserGroup', 'updateUserGroupMembers'],
      act: async () => {
        const id = await supportGroupId();
        await org.api(alice)('PATCH', `/user_groups/${id}`, { name: 'Helpdesk' });
        return org.api(alice)('POST', `/user_groups/${id}/members`, {
          add: [carol.id],
          delete: [bob.id],
        });
      },
    },
    {
      name: 'putting groups inside a user group and taking one out',
      covers: ['updateUserGroupSubgroups'],
      act: async () => {
        const night = (
          await org.api(alice)('POST', '/user_groups/create', {
            name: 'Night shift',
            description: '',
            members: [bob.id],
          })
        ).json.group_id as number;
        const id = await supportGroupId();
        await org.api(alice)('POST', `/user_groups/${id}/subgroups`, { add: [night, 2] });
        return org.api(alice)('POST', `/user_groups/${id}/subgroups`, { delete: [2] });
      },
    },
    {
      // Zulip 10 (feature level 349): a private channel is known at once to
      // those its settings let see it, not only to administrators.
      name: 'creating a private channel whose can_subscribe_group names a member',
      covers: ['subscribe'],
      act: () =>
        org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'vault' }],
          principals: [alice.id],
          invite_only: true,
          can_subscribe_group: { direct_members: [bob.id], direct_subgroups: [] },
        }),
    },
    {
      name: 'granting and taking back sight of a private channel through its can_add_subscribers_group',
      covers: ['updateStream'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'cellar' }],
          principals: [alice.id],
          invite_only: true,
        });
        const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'cellar' })).json
          .stream_id as number;
        await org.sendStream(alice, 'cellar', 'casks', 'seen by bob, soon');
        const grant = { direct_members: [bob.id], direct_subgroups: [] };
        await org.api(alice)('PATCH', `/streams/${id}`, {
          can_add_subscribers_group: { new: grant },
        });
        return org.api(alice)('PATCH', `/streams/${id}`, {
          can_add_subscribers_group: { new: { direct_members: [], direct_subgroups: [] } },
        });
      },
    },
    {
      name: 'joining, and leaving, a group that administers a private channel',
      covers: ['updateUserGroupMembers'],
      act: async () => {
        const keyholders = (
          await org.api(alice)('POST', '/user_groups/create', {
            name: 'Keyholders',
            description: '',
            members: [alice.id],
          })
        ).json.group_id as number;
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'attic' }, { name: 'loft' }],
          principals: [alice.id],
          invite_only: true,
          can_administer_channel_group: keyholders,
        });
        await org.api(alice)('POST', `/user_groups/${keyholders}/members`, {
          add: [bob.id, gus.id],
        });
        return org.api(alice)('POST', `/user_groups/${keyholders}/members`, { delete: [gus.id] });
      },
    },
    {
      name: 'putting a group inside one whose members may subscribe to a private channel',
      covers: ['updateUserGroupSubgroups'],
      act: async () => {
        const made = async (name: string, members: number[]) =>
          (
            await org.api(alice)('POST', '/user_groups/create', {
              name,
              description: '',
              members,
            })
          ).json.group_id as number;
        const joiners = await made('Joiners', []);
        const bobs = await made('Bobs', [bob.id]);
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'crypt' }],
          principals: [alice.id],
          invite_only: true,
          can_subscribe_group: joiners,
        });
        await org.api(alice)('POST', `/user_groups/${joiners}/subgroups`, { add: [bobs] });
        await org.api(alice)('POST', `/user_groups/${joiners}/subgroups`, { delete: [bobs] });
        return org.api(alice)('POST', `/user_groups/${joiners}/subgroups`, { add: [bobs] });
      },
    },
    {
      name: 'deactivating a user group, then renaming it',
      covers: ['deactivateUserGroup'],
      act: async () => {
        const made = await org.api(alice)('POST', '/user_groups/create', {
          name: 'Dormant',
          description: '',
          members: [bob.id],
        });
        const id = made.json.group_id as number;
        await org.api(alice)('POST', `/user_groups/${id}/deactivate`);
        return org.api(alice)('PATCH', `/user_groups/${id}`, { name: 'Dormant still' });
      },
    },
    {
      name: 'reactivating a user group',
      covers: ['reactivateUserGroup'],
      act: async () => {
        const { user_groups } = (
          await org.api(alice)('GET', '/user_groups', { include_deactivated_groups: true })
        ).json as { user_groups: { id: number; name: string }[] };
        const dormant = user_groups.find((group) => group.name === 'Dormant still');
        return org.api(alice)('PATCH', `/user_groups/${dormant?.id ?? 0}`, { deactivated: false });
      },
    },
    {
      name: 'renaming a stream and describing it anew',
      covers: [
        'updateStream',
        'stageChannelChangeNotices',
        'stageChannelEventsNotice',
        'stageBotChannelMessage',
        'stageMessage',
      ],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'atelier' }],
          principals: [alice.id, bob.id],
        });
        const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'atelier' })).json
          .stream_id as number;
        return org.api(org.owner)('PATCH', `/streams/${id}`, {
          new_name: 'Studio',
          description: 'Where **things** are made',
          stream_post_policy: 4,
        });
      },
    },
    {
      name: 'making a public stream private, which hides it from those outside',
      covers: ['updateStream'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'lounge' }],
          principals: [alice.id, carol.id, gus.id],
        });
        // Carol leaves, so that she is among those who left it.
        await org.api(carol)('DELETE', '/users/me/subscriptions', { subscriptions: ['lounge'] });
        const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'lounge' })).json
          .stream_id as number;
        return org.api(org.owner)('PATCH', `/streams/${id}`, { is_private: true });
      },
    },
    {
      name: 'making a private stream public, which shows it and its subscribers to everyone',
      covers: ['updateStream'],
      act: async () => {
        const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'lounge' })).json
          .stream_id as number;
        return org.api(org.owner)('PATCH', `/streams/${id}`, { is_private: false });
      },
    },
    {
      name: 'archiving a stream with subscribers, unreads, a muted topic and a default stream',
      covers: ['archiveStream'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'greenhouse' }],
          principals: [alice.id, bob.id, gus.id],
        });
        await sendTo(alice, 'greenhouse', 'seedlings', 'unread for the others');
        const id = (await org.api(alice)('GET', '/get_stream_id', { stream: 'greenhouse' })).json
          .stream_id as number;
        await org.api(bob)('POST', '/user_topics', {
          stream_id: id,
          topic: 'seedlings',
          visibility_policy: 1,
        });
        await org.api(org.owner)('POST', '/default_streams', { stream_id: id });
        return org.api(org.owner)('DELETE', `/streams/${id}`);
      },
    },
    {
      name: 'joining an archived channel, and someone else leaving it',
      covers: ['subscribe', 'unsubscribe'],
      act: async () => {
        await org.subscribe(carol, 'greenhouse');
        return org.api(bob)('DELETE', '/users/me/subscriptions', {
          subscriptions: ['greenhouse'],
        });
      },
    },
    {
      name: 'making an archived channel private, then public again',
      covers: ['updateStream'],
      act: async () => {
        const id = (await org.api(alice)('GET', '/streams', { exclude_archived: false })).json
          .streams as { stream_id: number; name: string }[];
        const greenhouse = id.find((stream) => stream.name === 'greenhouse')?.stream_id ?? 0;
        // Its maker administers it, and reads it, as making it public needs.
        await org.api(alice)('PATCH', `/streams/${greenhouse}`, { is_private: true });
        return org.api(alice)('PATCH', `/streams/${greenhouse}`, { is_private: false });
      },
    },
    {
      name: 'archiving the notifications stream, a private one',
      covers: ['archiveStream'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'announcements-archive' }],
          principals: [alice.id],
          invite_only: true,
        });
        const id = (
          await org.api(alice)('GET', '/get_stream_id', { stream: 'announcements-archive' })
        ).json.stream_id as number;
        await org.api(org.owner)('PATCH', '/realm', { new_stream_announcements_stream_id: id });
        return org.api(org.owner)('DELETE', `/streams/${id}`);
      },
    },
    {
      // A public channel nobody is in any more: a client without the capability
      // hears only that it exists again, as Zulip tells it, not who is in it.
      name: 'unarchiving a channel, with a topic choice',
      covers: ['updateStream'],
      act: async () => {
        await org.subscribe(org.owner, 'conservatory');
        const id = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'conservatory' }))
          .json.stream_id as number;
        await org.api(org.owner)('POST', '/user_topics', {
          stream_id: id,
          topic: 'ferns',
          visibility_policy: 1,
        });
        await org.api(org.owner)('DELETE', '/users/me/subscriptions', {
          subscriptions: ['conservatory'],
        });
        await org.api(org.owner)('DELETE', `/streams/${id}`);
        return org.api(org.owner)('PATCH', `/streams/${id}`, { is_archived: false });
      },
    },
    {
      name: 'moving a whole topic to another stream, with its unreads and muting',
      covers: ['updateMessage'],
      act: async () => {
        await org.api(org.owner)('PATCH', '/realm', { move_messages_between_streams_policy: 1 });
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'orchard' }, { name: 'meadow' }],
          principals: [alice.id, bob.id],
        });
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'orchard' }],
          principals: [gus.id],
        });
        const first = await sendTo(alice, 'orchard', 'apples', '@**Bob** ripe');
        await sendTo(alice, 'orchard', 'apples', 'picked');
        const ids = (await org.api(alice)('GET', '/streams')).json.streams as {
          stream_id: number;
          name: string;
        }[];
        const id = (name: string) => ids.find((stream) => stream.name === name)?.stream_id;
        await org.api(bob)('POST', '/user_topics', {
          stream_id: id('orchard'),
          topic: 'apples',
          visibility_policy: 1,
        });
        return org.api(alice)('PATCH', `/messages/${first}`, {
          stream_id: id('meadow'),
          topic: 'pears',
          propagate_mode: 'change_all',
          send_notification_to_old_thread: true,
        });
      },
    },
    {
      name: 'moving a message into a private stream, away from those outside it',
      covers: ['updateMessage'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: 'burrow' }],
          principals: [alice.id],
          invite_only: true,
        });
        const sent = await sendTo(alice, 'design', 'to hide', 'unread for bob');
        // A later message keeps max_message_id where it is, as for a deletion:
        // the state cannot know the newest row left.
        await sendToDesign(alice, 'topic');
        const burrow = (await org.api(alice)('GET', '/get_stream_id', { stream: 'burrow' })).json
          .stream_id as number;
        return org.api(alice)('PATCH', `/messages/${sent}`, { stream_id: burrow });
      },
    },
    {
      name: 'resolving a topic',
      covers: ['updateMessage'],
      act: async () => {
        const sent = await sendToDesign(bob, 'leaky tap', 'fixed?');
        return org.api(alice)('PATCH', `/messages/${sent}`, {
          topic: '✔ leaky tap',
          propagate_mode: 'change_all',
        });
      },
    },
    {
      name: 'creating an invitation link',
      covers: ['createMultiuseInvite'],
      act: () => org.api(org.owner)('POST', '/invites/multiuse', { invite_as: 400 }),
    },
    {
      name: 'revoking an invitation link',
      covers: ['revokeMultiuseInvite'],
      act: async () => {
        const { invites } = (await org.api(org.owner)('GET', '/invites')).json as {
          invites: { id: number }[];
        };
        return org.api(org.owner)('DELETE', `/invites/multiuse/${invites[0]?.id}`);
      },
    },
    {
      name: 'joining by an invitation link',
      covers: ['joinByInvite', 'stageWelcomeMessages'],
      act: async () => {
        const link = (await org.api(org.owner)('POST', '/invites/multiuse', { invite_as: 600 }))
          .json.invite_link as string;
        return org.api()('POST', '/hearth/join', {
          key: /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '',
          email: `joiner${Date.now()}@hearth.test`,
          full_name: 'Joiner',
          password: 'a fine password',
        });
      },
    },
    {
      name: 'joining by an invitation link into the default channels and a user group',
      covers: ['joinByInvite'],
      act: async () => {
        const made = await org.api(org.owner)('POST', '/user_groups/create', {
          name: `joiners${Date.now()}`,
          description: 'Who joined by the link',
          members: [alice.id],
        });
        const link = (
          await org.api(org.owner)('POST', '/invites/multiuse', {
            include_realm_default_subscriptions: true,
            group_ids: [made.json.group_id],
          })
        ).json.invite_link as string;
        return org.api()('POST', '/hearth/join', {
          key: /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '',
          email: `grouped${Date.now()}@hearth.test`,
          full_name: 'Grouped',
          password: 'a fine password',
        });
      },
    },
    {
      name: 'inviting by email',
      covers: ['inviteByEmail'],
      act: () =>
        org.api(alice)('POST', '/invites', {
          invitee_emails: `invited${Date.now()}@example.com`,
          stream_ids: [],
        }),
    },
    {
      name: 'revoking an email invitation',
      covers: ['revokeEmailInvitation'],
      act: async () => {
        await org.api(alice)('POST', '/invites', {
          invitee_emails: `revoked${Date.now()}@example.com`,
          stream_ids: [],
        });
        const { invites } = (await org.api(alice)('GET', '/invites')).json as {
          invites: { id: number }[];
        };
        return org.api(org.owner)('DELETE', `/invites/${invites[0]?.id}`);
      },
    },
    {
      name: 'joining by an email invitation',
      covers: ['joinByInvite'],
      act: async () => {
        const email = `emailed${Date.now()}@example.com`;
        await org.api(alice)('POST', '/invites', { invitee_emails: email, stream_ids: [] });
        const { invites } = (await org.api(alice)('GET', '/invites')).json as {
          invites: { email?: string; hearth_link_url?: string }[];
        };
        const link = invites.find((invite) => invite.email === email)?.hearth_link_url ?? '';
        return org.api()('POST', '/hearth/join', {
          key: /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '',
          email,
          full_name: 'Emailed',
          password: 'a fine password',
        });
      },
    },
    {
      name: 'marking an onboarding step as read',
      covers: ['markOnboardingStepAsRead'],
      act: () =>
        org.api(alice)('POST', '/users/me/onboarding_steps', {
          onboarding_step: 'intro_resolve_topic',
        }),
    },
    {
      name: 'making a member a moderator, which moves them between system groups',
      covers: ['changeUserRole'],
      act: () => org.api(org.owner)('PATCH', `/users/${carol.id}`, { role: 300 }),
    },
    {
      name: 'making a viewer an administrator, who then sees every stream and bot',
      covers: ['changeUserRole'],
      act: async () => {
        await org.api(alice)('POST', '/users/me/subscriptions', {
          subscriptions: [{ name: `hidden${Date.now()}` }],
          invite_only: true,
        });
        await newBot(alice);
        return org.api(org.owner)('PATCH', `/users/${bob.id}`, { role: 200 });
      },
    },
    {
      name: 'making an administrator a member again',
      covers: ['changeUserRole'],
      act: () => org.api(org.owner)('PATCH', `/users/${bob.id}`, { role: 400 }),
    },
    {
      name: 'making a guest a member, who then sees the public streams',
      covers: ['changeUserRole'],
      act: () => org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 400 }),
    },
    {
      name: 'making a member a guest again',
      covers: ['changeUserRole'],
      act: () => org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 }),
    },
    {
      name: 'renaming someone as an administrator',
      covers: ['changeFullName'],
      act: () => org.api(org.owner)('PATCH', `/users/${carol.id}`, { full_name: 'Caroline' }),
    },
    {
      name: 'deactivating a user in a group and a channel with a guest, and the bot they own',
      covers: ['deactivateUserByAdmin', 'deactivateAccount', 'announceDeactivation'],
      act: async () => {
        await newBot(carol);
        await org.subscribe(carol, 'design');
        await org.api(alice)('POST', `/user_groups/${await supportGroupId()}/members`, {
          add: [carol.id],
        });
        // Named in anonymous groups of an organization's and a group's settings;
        // role:members (5) keeps the organization's setting as it was for everyone else.
        await org.api(org.owner)('PATCH', '/realm', {
          can_summarize_topics_group: {
            new: { direct_members: [carol.id], direct_subgroups: [5] },
          },
        });
        await org.api(org.owner)('PATCH', `/user_groups/${await supportGroupId()}`, {
          can_join_group: { new: { direct_members: [carol.id], direct_subgroups: [] } },
        });
        return org.api(org.owner)('DELETE', `/users/${carol.id}`);
      },
    },
    {
      name: 'deactivating someone with their profile and every kind of message deleted',
      covers: ['deactivateUserByAdmin'],
      act: async () => {
        const fran = await org.user('fran');
        await sendTo(fran, 'design', 'farewell');
        await sendPrivate(fran, [alice, bob]);
        // Later messages stand, as in the other deletions here: what came
        // newest before them is what a client's state cannot recompute.
        await sendPrivate(alice, [bob, fran]);
        await sendToDesign(bob, 'farewell');
        return org.api(org.owner)('DELETE', `/users/${fran.id}`, {
          actions: {
            delete_profile: true,
            delete_public_channel_messages: true,
            delete_private_channel_messages: true,
            delete_direct_messages: true,
          },
        });
      },
    },
    {
      name: "changing someone's email as an administrator, and a bot's",
      covers: ['changeUserEmail'],
      act: async () => {
        const erin = await org.user('erin');
        await org.api(org.owner)('PATCH', `/users/${erin.id}`, {
          new_email: 'erin.renamed@hearth.test',
        });
        const bot = await newBot(alice);
        return org.api(org.owner)('PATCH', `/users/${bot.id}`, {
          new_email: 'renamed-bot@hearth.test',
        });
      },
    },
    {
      name: 'reactivating a user, back in their group and channel',
      covers: ['reactivateUser', 'announceReactivation'],
      act: () => org.api(org.owner)('POST', `/users/${carol.id}/reactivate`),
    },
    {
      name: 'setting a status text and emoji',
      covers: ['updateUserStatus'],
      act: () =>
        org.api(bob)('POST', '/users/me/status', {
          status_text: '  In a meeting ',
          emoji_name: 'calendar',
        }),
    },
    {
      name: 'going away, which turns presence off',
      covers: ['updateUserStatus', 'followPresenceSetting'],
      act: () => org.api(bob)('POST', '/users/me/status', { away: true }),
    },
    {
      name: 'changing the emoji to a custom one while away',
      covers: ['updateUserStatus'],
      act: async () => {
        await postFiles(org, alice, 'POST', '/realm/emoji/status_parrot', [
          { name: 'file', data: onePixelPng },
        ]);
        return org.api(bob)('POST', '/users/me/status', { emoji_name: 'status_parrot' });
      },
    },
    {
      name: 'coming back and clearing the text, keeping the emoji',
      covers: ['updateUserStatus', 'followPresenceSetting'],
      act: () => org.api(bob)('POST', '/users/me/status', { away: false, status_text: '' }),
    },
    {
      name: 'clearing the emoji, which leaves no status',
      covers: ['updateUserStatus'],
      act: () => org.api(bob)('POST', '/users/me/status', { emoji_name: '' }),
    },
    {
      name: 'an owner setting someone else’s status',
      covers: ['updateStatusOfUser'],
      act: () =>
        org.api(org.owner)('POST', `/users/${carol.id}/status`, {
          status_text: 'Set for her',
          emoji_name: 'calendar',
        }),
    },
    {
      name: 'scheduling a channel message and, sooner, a direct message',
      covers: ['scheduleMessage'],
      act: async () => {
        await org.subscribe(bob, 'design');
        await scheduleFor(bob, { ...(await laterToDesign(3600)), content: 'Later' });
        return scheduleFor(bob, {
          type: 'direct',
          to: JSON.stringify([alice.id, carol.id]),
          content: 'Sooner',
          scheduled_delivery_timestamp: secondsFromNow(1800),
        });
      },
    },
    {
      name: 'moving a scheduled message to another time and topic',
      covers: ['editScheduledMessage'],
      act: async () =>
        org.api(bob)('PATCH', `/scheduled_messages/${await scheduledOf(bob, 'Later')}`, {
          topic: 'rescheduled',
          scheduled_delivery_timestamp: secondsFromNow(7200),
        }),
    },
    {
      name: 'cancelling a scheduled message',
      covers: ['deleteScheduledMessage'],
      act: async () =>
        org.api(bob)('DELETE', `/scheduled_messages/${await scheduledOf(bob, 'Sooner')}`),
    },
    {
      name: 'the host sending a scheduled message at its time',
      covers: ['deliverDueScheduledMessages'],
      act: async () => {
        await scheduleFor(bob, { ...(await laterToDesign(1)), content: 'Due now' });
        // The host's own timer sends it: wait until it has left the list.
        for (let tries = 0; tries < 100 && (await scheduledOf(bob, 'Due now')) !== 0; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    },
    {
      name: 'setting a reminder of a message',
      covers: ['scheduleReminder'],
      act: async () => {
        const id = await sendPrivate(alice, [bob], 'remind me');
        return org.api(bob)('POST', '/reminders', {
          message_id: id,
          scheduled_delivery_timestamp: secondsFromNow(3600),
          note: 'soon',
        });
      },
    },
    {
      name: 'deleting a reminder',
      covers: ['deleteReminder'],
      act: async () => {
        const { reminders } = (await org.api(bob)('GET', '/reminders')).json as {
          reminders: { reminder_id: number }[];
        };
        return org.api(bob)('DELETE', `/reminders/${reminders[0]?.reminder_id ?? 0}`);
      },
    },
    {
      name: 'changing one’s password',
      covers: ['changePassword'],
      act: () =>
        org.api(carol)('PATCH', '/settings', {
          old_password: 'correct horse battery staple',
          new_password: 'another horse battery staple',
        }),
    },
    {
      name: 'adding a linkifier',
      covers: ['addLinkifier'],
      act: () =>
        org.api(org.owner)('POST', '/realm/filters', {
          pattern: '#(?P<id>[0-9]+)',
          url_template: 'https://tracker.example.com/{id}',
        }),
    },
    {
      name: 'changing a linkifier',
      covers: ['changeLinkifier'],
      act: async () => {
        const { linkifiers } = (await org.api(alice)('GET', '/realm/linkifiers')).json as {
          linkifiers: { id: number }[];
        };
        return org.api(org.owner)('PATCH', `/realm/filters/${linkifiers[0]?.id ?? 0}`, {
          pattern: 'T-(?P<id>[0-9]+)',
          url_template: 'https://tracker.example.com/t/{id}',
        });
      },
    },
    {
      name: 'removing a linkifier',
      covers: ['removeLinkifier'],
      act: async () => {
        const { linkifiers } = (await org.api(alice)('GET', '/realm/linkifiers')).json as {
          linkifiers: { id: number }[];
        };
        return org.api(org.owner)('DELETE', `/realm/filters/${linkifiers[0]?.id ?? 0}`);
      },
    },
    {
      name: 'reordering the linkifiers',
      covers: ['reorderRealmLinkifiers'],
      act: async () => {
        for (const prefix of ['A', 'B']) {
          await org.api(org.owner)('POST', '/realm/filters', {
            pattern: `${prefix}-(?P<id>[0-9]+)`,
            url_template: `https://${prefix.toLowerCase()}.example.com/{id}`,
            example_input: `${prefix}-1`,
          });
        }
        const { linkifiers } = (await org.api(alice)('GET', '/realm/linkifiers')).json as {
          linkifiers: { id: number }[];
        };
        return org.api(org.owner)('PATCH', '/realm/linkifiers', {
          ordered_linkifier_ids: linkifiers.map((linkifier) => linkifier.id).reverse(),
        });
      },
    },
    {
      name: 'adding navigation views',
      covers: ['addNavigationView'],
      act: async () => {
        await org.api(bob)('POST', '/navigation_views', { fragment: 'inbox', is_pinned: false });
        return org.api(bob)('POST', '/navigation_views', {
          fragment: 'narrow/is/unread',
          is_pinned: true,
          name: 'Unread',
        });
      },
    },
    {
      name: 'editing a navigation view',
      covers: ['editNavigationView'],
      act: () =>
        org.api(bob)('PATCH', '/navigation_views/narrow/is/unread', {
          is_pinned: false,
          name: 'Still unread',
        }),
    },
    {
      name: 'removing a navigation view',
      covers: ['removeNavigationView'],
      act: () => org.api(bob)('DELETE', '/navigation_views/inbox'),
    },
    {
      name: 'adding a code playground',
      covers: ['addPlayground'],
      act: () =>
        org.api(org.owner)('POST', '/realm/playgrounds', {
          name: 'Rust playground',
          pygments_language: 'Rust',
          url_template: 'https://play.rust-lang.org/?code={code}',
        }),
    },
    {
      name: 'removing a code playground',
      covers: ['removePlayground'],
      act: async () => {
        const state = (
          await org.api(alice)('POST', '/register', { fetch_event_types: ['realm_playgrounds'] })
        ).json as { realm_playgrounds: { id: number }[] };
        return org.api(org.owner)(
          'DELETE',
          `/realm/playgrounds/${state.realm_playgrounds[0]?.id ?? 0}`,
        );
      },
    },
    {
      name: 'regenerating one’s API key',
      covers: ['regenerateOwnApiKey'],
      act: () => org.api(carol)('POST', '/users/me/api_key/regenerate'),
    },
  ];

  it('has a row for every action', () => {
    const covered = new Set(rows.flatMap((row) => row.covers));
    const exported = exportedServiceFunctions();
    const uncovered = exported.filter((name) => !covered.has(name) && !(name in notActions));
    expect(uncovered, 'actions without a row of this table').toEqual([]);
    const unknown = [...covered, ...Object.keys(notActions)].filter(
      (name) => !exported.includes(name),
    );
    expect(unknown, 'names here that the actions folder no longer exports').toEqual([]);
  });

  const views: View[] = [
    { viewer: () => alice, includeSubscribers: true, slimPresence: false, archivedChannels: true },
    { viewer: () => alice, includeSubscribers: false, slimPresence: true },
    { viewer: () => bob, includeSubscribers: true, slimPresence: true },
    { viewer: () => bob, includeSubscribers: false, slimPresence: false },
    {
      viewer: () => org.owner,
      includeSubscribers: true,
      slimPresence: false,
      linkifiers: true,
      archivedChannels: true,
    },
    {
      viewer: () => bob,
      includeSubscribers: false,
      slimPresence: true,
      deactivatedGroups: true,
      emojiOneByOne: true,
    },
    {
      viewer: () => alice,
      includeSubscribers: false,
      slimPresence: false,
      simplifiedPresence: true,
    },
    {
      viewer: () => gus,
      includeSubscribers: true,
      slimPresence: false,
      linkifiers: true,
      archivedChannels: true,
    },
  ];

  it.each(rows)('holds for $name', async ({ act }) => {
    const before = await Promise.all(views.map(register));
    await act();
    for (const [index, view] of views.entries()) {
      const start = before[index];
      if (!start) throw new Error('missing registration');
      const { events } = (
        await org.api(view.viewer())('GET', '/events', {
          queue_id: start.queueId,
          dont_block: true,
        })
      ).json as { events: QueuedEvent[] };
      const applied = events.reduce(
        (state, event) =>
          applyEvent(state, event, {
            includeSubscribers: view.includeSubscribers,
            slimPresence: view.slimPresence,
          }),
        start.state,
      );
      const what = `${view.viewer().email}, ${JSON.stringify(view)}`;
      expect(applied, what).toEqual((await register(view)).state);
    }
  });
});
