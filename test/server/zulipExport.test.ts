import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportForZulip,
  type ZulipExportSummary,
} from '../../src-main/server/export/exportOrganization';
import { databaseFileOf } from '../../src-main/server/export/exportFolder';
import { zulipAcceptsEmail } from '../../src-main/server/export/zulipEmail';
import type { ZulipVersion } from '../../src-main/server/export/zulipTarget';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { postFiles, solidPng } from '../helpers/uploads';
import { makeGroup } from '../helpers/userGroups';
import {
  groupSettingNames,
  zulipImportFormat,
  type AttachmentJson,
  type MessageFile,
  type RealmJson,
  type UploadRecords,
} from '../helpers/zulipImportFormat';

interface Exported {
  dir: string;
  summary: ZulipExportSummary;
  realm: RealmJson;
  files: MessageFile[];
  attachments: AttachmentJson['zerver_attachment'];
  uploads: UploadRecords;
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

/** Reads an export as Zulip's importer does: realm.json, then messages-000001.json on until one is missing. */
async function readExport(dir: string, version: ZulipVersion): Promise<Omit<Exported, 'summary'>> {
  const format = zulipImportFormat(version);
  const realm = format.realmJson.parse(await readJson(join(dir, 'realm.json')));
  const files: MessageFile[] = [];
  for (let index = 1; existsSync(join(dir, messageFile(index))); index++) {
    files.push(format.messageFile.parse(await readJson(join(dir, messageFile(index)))));
  }
  const attachments = format.attachmentJson.parse(await readJson(join(dir, 'attachment.json')));
  const uploads = format.uploadRecords.parse(await readJson(join(dir, 'uploads', 'records.json')));
  return { dir, realm, files, attachments: attachments.zerver_attachment, uploads };
}

/** A field only some releases' rows carry. */
const field = (row: object | undefined, name: string): unknown =>
  row === undefined ? undefined : (row as Record<string, unknown>)[name];

const messageFile = (index: number) => `messages-${String(index).padStart(6, '0')}.json`;
const messagesOf = (exported: Exported) => exported.files.flatMap((file) => file.zerver_message);
const userMessagesOf = (exported: Exported) =>
  exported.files.flatMap((file) => file.zerver_usermessage);

type GroupValue = number | { direct_members: number[]; direct_subgroups: number[] };
interface HostGroup {
  id: number;
  members: number[];
  direct_subgroup_ids: number[];
}
type Row = Record<string, unknown>;

/** A table only some releases' realm.json holds. */
const table = (realm: RealmJson, name: string): Row[] =>
  ((realm as Record<string, unknown>)[name] as Row[] | undefined) ?? [];

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** A group of an export by its ID: its direct members and subgroups. */
function exportedGroup(realm: RealmJson, id: unknown) {
  return {
    members: sorted(
      table(realm, 'zerver_usergroupmembership')
        .filter((row) => row.user_group === id)
        .map((row) => row.user_profile as number),
    ),
    subgroups: sorted(
      table(realm, 'zerver_groupgroupmembership')
        .filter((row) => row.supergroup === id)
        .map((row) => row.subgroup as number),
    ),
  };
}

// Zulip's UserMessage flag bits.
const READ = 1;
const STARRED = 2;
const MENTIONED = 8;
const IS_PRIVATE = 2048;

const icon = solidPng(64, [200, 90, 40]);
const emoji = solidPng(32, [60, 140, 220]);

describe('an organization exported for Zulip', () => {
  let org: Org;
  let work: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let frank: TestUser;
  let botId: number;
  let grace: TestUser;
  let outgoingBotId: number;
  const sent: Record<string, number> = {};
  const exports = new Map<ZulipVersion, Exported>();
  let fieldId: number;
  let sketchUri: string;
  let designId: number;
  let secretId: number;
  let reviewersId: number;
  let leadsId: number;
  let folderId: number;
  let oldId: number;
  let scheduledWithFile: number;

  const ok = (what: string, response: { status: number; json: unknown }) => {
    if (response.status !== 200) throw new Error(`${what}: ${JSON.stringify(response.json)}`);
    return response.json as Record<string, unknown>;
  };

  beforeAll(async () => {
    org = await startOrg();
    work = await mkdtemp(join(tmpdir(), 'hearth-zulip-export-'));
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    dave = await org.user('dave');
    erin = await org.user('erin');
    frank = await org.user('frank');
    const owner = org.api(org.owner);
    ok('bob becomes an administrator', await owner('PATCH', `/users/${bob.id}`, { role: 200 }));
    ok('carol becomes a moderator', await owner('PATCH', `/users/${carol.id}`, { role: 300 }));
    ok('dave becomes a guest', await owner('PATCH', `/users/${dave.id}`, { role: 600 }));
    ok('frank leaves', await owner('DELETE', `/users/${frank.id}`));
    const buildBot = ok(
      'alice makes a bot',
      await org.api(alice)('POST', '/bots', { full_name: 'Build bot', short_name: 'build' }),
    );
    botId = buildBot.user_id as number;
    ok(
      'the bot keeps the last build',
      await org.api({
        id: botId,
        email: 'build-bot@hearth.local',
        fullName: 'Build bot',
        apiKey: buildBot.api_key as string,
      })('PUT', '/bot_storage', { storage: { last_build: 'green', attempts: '3' } }),
    );
    outgoingBotId = ok(
      'alice makes an outgoing webhook bot',
      await org.api(alice)('POST', '/bots', {
        full_name: 'Triage bot',
        short_name: 'triage',
        bot_type: 3,
        payload_url: JSON.stringify('https://93.184.216.34/triage'),
        interface_type: 2,
      }),
    ).user_id as number;

    ok(
      'design is created',
      await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'design', description: 'Pixels and **type**' }],
        principals: [alice.id, bob.id, erin.id],
      }),
    );
    ok(
      'secret is created',
      await org.api(bob)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'secret' }],
        invite_only: true,
        is_announcement_only: true,
        principals: [bob.id, carol.id],
      }),
    );
    const streamId = async (user: TestUser, name: string) =>
      ok(name, await org.api(user)('GET', '/get_stream_id', { stream: name })).stream_id as number;
    designId = await streamId(alice, 'design');
    secretId = await streamId(bob, 'secret');
    ok('design is a default', await owner('POST', '/default_streams', { stream_id: designId }));
    ok(
      'announcements go to design, and read receipts are off',
      await owner('PATCH', '/realm', {
        new_stream_announcements_stream_id: designId,
        enable_read_receipts: false,
      }),
    );
    ok(
      'the icon is uploaded',
      await postFiles(org, org.owner, 'POST', '/realm/icon', [{ name: 'file', data: icon }]),
    );
    for (const name of ['shipit', 'retired']) {
      ok(
        `alice adds :${name}:`,
        await postFiles(org, alice, 'POST', `/realm/emoji/${name}`, [
          { name: 'file', data: emoji },
        ]),
      );
    }
    ok('alice retires one', await org.api(alice)('DELETE', '/realm/emoji/retired'));

    sent.hello = await org.sendStream(alice, 'design', 'colours', 'Which **orange**?');
    sent.mention = await org.sendStream(erin, 'design', 'colours', 'Asking @**Bob** about it');
    sent.secret = await org.sendStream(bob, 'secret', 'plans', 'Only for admins to post');
    const direct = async (from: TestUser, to: TestUser[], content: string) =>
      ok(
        'a direct message',
        await org.api(from)('POST', '/messages', {
          type: 'private',
          to: JSON.stringify(to.map((user) => user.id)),
          content,
        }),
      ).id as number;
    sent.direct = await direct(alice, [bob], 'Lunch?');
    sent.group = await direct(alice, [bob, carol], 'Lunch, all three?');
    const uploadedUri = async (user: TestUser, name: string) =>
      ok(
        `${name} is uploaded`,
        await postFiles(org, user, 'POST', '/user_uploads', [{ name, data: icon }]),
      ).uri as string;
    sketchUri = await uploadedUri(alice, 'sketch');
    sent.upload = await org.sendStream(
      alice,
      'design',
      'colours',
      `Like this: [sketch.png](${sketchUri})`,
    );
    await uploadedUri(bob, 'unsent');
    const agendaUri = await uploadedUri(bob, 'agenda');
    scheduledWithFile = ok(
      'bob schedules the agenda to design',
      await org.api(bob)('POST', '/scheduled_messages', {
        type: 'stream',
        to: designId,
        topic: 'colours',
        content: `Agenda: [agenda.png](${agendaUri})`,
        scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86_400,
      }),
    ).scheduled_message_id as number;
    ok(
      'alice edits her message',
      await org.api(alice)('PATCH', `/messages/${sent.hello}`, { content: 'Which **red**?' }),
    );
    ok(
      'bob stars it',
      await org.api(bob)('POST', '/messages/flags', {
        messages: [sent.hello],
        op: 'add',
        flag: 'starred',
      }),
    );
    ok(
      'bob reads the mention',
      await org.api(bob)('POST', '/messages/flags', {
        messages: [sent.mention],
        op: 'add',
        flag: 'read',
      }),
    );
    ok(
      'erin mutes colours',
      await org.api(erin)('POST', '/user_topics', {
        stream_id: designId,
        topic: 'colours',
        visibility_policy: 1,
      }),
    );
    ok(
      'erin pins design in her colour',
      await org.api(erin)('POST', '/users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: designId, property: 'pin_to_top', value: true },
          { stream_id: designId, property: 'color', value: '#123abc' },
        ],
      }),
    );
    fieldId = ok(
      'a profile field',
      await owner('POST', '/realm/profile_fields', {
        name: 'Desk',
        hint: 'Where to find you',
        field_type: 1,
      }),
    ).id as number;
    ok(
      'alice fills it in',
      await org.api(alice)('PATCH', '/users/me/profile_data', {
        data: [{ id: fieldId, value: 'B-12' }],
      }),
    );
    ok(
      'erin chooses alert words',
      await org.api(erin)('POST', '/users/me/alert_words', { alert_words: ['Orange', 'deadline'] }),
    );
    ok('alice mutes erin', await org.api(alice)('POST', `/users/me/muted_users/${erin.id}`));
    ok(
      'erin schedules a message to alice for tomorrow',
      await org.api(erin)('POST', '/scheduled_messages', {
        type: 'direct',
        to: JSON.stringify([alice.id]),
        content: 'Tomorrow, then',
        scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86_400,
      }),
    );
    ok(
      'erin sets a status',
      await org.api(erin)('POST', '/users/me/status', {
        status_text: 'Out sick',
        emoji_name: 'hurt',
        emoji_code: '1f915',
        reaction_type: 'unicode_emoji',
      }),
    );
    ok('bob goes away', await org.api(bob)('POST', '/users/me/status', { away: true }));
    ok('erin is active', await org.api(erin)('POST', '/users/me/presence', { status: 'active' }));
    ok(
      'the owner adds a linkifier',
      await org.api(org.owner)('POST', '/realm/filters', {
        pattern: '#(?P<id>[0-9]+)',
        url_template: 'https://tracker.example.com/{id}',
        example_input: '#42',
        reverse_template: '#{id}',
      }),
    );
    ok(
      'the owner adds a code playground',
      await org.api(org.owner)('POST', '/realm/playgrounds', {
        name: 'Rust playground',
        pygments_language: 'Rust',
        url_template: 'https://play.rust-lang.org/?code={code}',
      }),
    );
    const react = async (user: TestUser, id: number | undefined, emoji: string) =>
      ok(
        `${user.email} reacts with ${emoji}`,
        await org.api(user)('POST', `/messages/${id}/reactions`, { emoji_name: emoji }),
      );
    await react(bob, sent.hello, 'tada');
    await react(erin, sent.hello, 'party_popper');
    await react(bob, sent.direct, 'zulip');
    ok(
      'alice changes settings',
      await org.api(alice)('PATCH', '/settings', {
        twenty_four_hour_time: true,
        notification_sound: 'none',
        default_view: 'all_messages',
        web_home_view: 'recent',
        web_font_size_px: 18,
        web_channel_default_view: 3,
        hide_ai_features: true,
        web_inbox_show_channel_folders: false,
        automatically_follow_topics_where_mentioned: false,
        resolved_topic_notice_auto_read_policy: 'never',
      }),
    );
    ok(
      'alice dismisses the inbox introduction',
      await org.api(alice)('POST', '/users/me/onboarding_steps', {
        onboarding_step: 'intro_inbox_view_modal',
      }),
    );
    ok(
      'alice pins the design channel to her sidebar',
      await org.api(alice)('POST', '/navigation_views', {
        fragment: `narrow/channel/${designId}-design`,
        is_pinned: true,
        name: 'Design',
      }),
    );
    ok(
      "the organization's later settings change from their defaults",
      await owner('PATCH', '/realm', {
        message_edit_history_visibility_policy: 'moves',
        require_unique_names: true,
        enable_guest_user_dm_warning: false,
        require_e2ee_push_notifications: true,
        send_channel_events_messages: false,
        zulip_update_announcements_stream_id: designId,
        gif_rating_policy: 3,
        jitsi_server_url: JSON.stringify('https://meet.example.com'),
        video_chat_provider: 1,
        default_avatar_source: 'J',
      }),
    );
    grace = await org.user('grace');

    leadsId = await makeGroup(org, 'leads', [bob.id]);
    reviewersId = await makeGroup(org, 'reviewers', [carol.id, erin.id]);
    const retiredId = await makeGroup(org, 'retired', [erin.id]);
    ok('retired is put aside', await owner('POST', `/user_groups/${retiredId}/deactivate`));
    ok(
      'leads go inside reviewers, with the moderators',
      await owner('POST', `/user_groups/${reviewersId}/subgroups`, { add: [leadsId, 3] }),
    );
    ok(
      'only erin and the reviewers may add emoji, nobody may invite',
      await owner('PATCH', '/realm', {
        can_add_custom_emoji_group: {
          new: { direct_members: [erin.id], direct_subgroups: [reviewersId] },
        },
        can_invite_users_group: { new: { direct_members: [], direct_subgroups: [] } },
        can_create_groups: { new: leadsId },
      }),
    );
    ok(
      'alice and the administrators post in design',
      await owner('PATCH', `/streams/${designId}`, {
        can_send_message_group: {
          new: { direct_members: [alice.id], direct_subgroups: [2] },
          old: 6,
        },
      }),
    );
    ok(
      'dave and the leads may mention reviewers',
      await owner('PATCH', `/user_groups/${reviewersId}`, {
        can_mention_group: { new: { direct_members: [dave.id], direct_subgroups: [leadsId] } },
      }),
    );
    folderId = ok(
      'a folder for design',
      await owner('POST', '/channel_folders/create', {
        name: 'Making',
        description: 'How we **make**',
      }),
    ).channel_folder_id as number;
    ok('design goes in it', await owner('PATCH', `/streams/${designId}`, { folder_id: folderId }));
    ok(
      'alice saves a snippet',
      await org.api(alice)('POST', '/saved_snippets', {
        title: 'Standup',
        content: 'Yesterday, today, blockers',
      }),
    );
    ok(
      'the secret channel takes no general chat',
      await owner('PATCH', `/streams/${secretId}`, { topics_policy: 'disable_empty_topic' }),
    );
    ok(
      'old is created',
      await org.api(alice)('POST', '/users/me/subscriptions', {
        subscriptions: [{ name: 'old' }],
        principals: [alice.id, erin.id],
      }),
    );
    oldId = await streamId(alice, 'old');
    sent.generalChat = await org.sendStream(alice, 'old', '', 'Anyone still here?');
    ok(
      'erin follows general chat in old',
      await org.api(erin)('POST', '/user_topics', {
        stream_id: oldId,
        topic: '',
        visibility_policy: 3,
      }),
    );
    ok('old is archived', await owner('DELETE', `/streams/${oldId}`));
    ok(
      'alice asks to be reminded of the orange question',
      await org.api(alice)('POST', '/reminders', {
        message_id: sent.hello,
        scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 86_400,
        note: 'answer it',
      }),
    );

    for (const version of [9, 10, 11, 12] as const) {
      const dir = join(work, `zulip-${version}`);
      const summary = await exportForZulip({
        databasePath: databaseFileOf(org.dataDir),
        outDir: dir,
        zulipVersion: version,
      });
      exports.set(version, { ...(await readExport(dir, version)), summary });
    }
  });
  afterAll(async () => {
    await org?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const latest = () => exports.get(12) as Exported;

  it("writes every file Zulip's import opens, each row with the fields its release reads", async () => {
    for (const [version, exported] of exports) {
      const format = zulipImportFormat(version);
      const names = await readdir(exported.dir);
      expect(names.sort()).toEqual(
        [
          'attachment.json',
          'avatars',
          'emoji',
          'hearth-export.json',
          'messages-000001.json',
          'realm.json',
          'realm_icons',
          'uploads',
        ].sort(),
      );
      format.emptyRecords.parse(await readJson(join(exported.dir, 'avatars', 'records.json')));
      expect(exported.summary).toMatchObject({
        zulipVersion: version,
        users: exported.realm.zerver_userprofile.length,
        messages: messagesOf(exported).length,
        refusedEmails: [],
      });
    }
  });

  it('points every reference at a row the export holds', () => {
    const { realm, files } = latest();
    const [realmRow] = realm.zerver_realm;
    const ids = (rows: { id: number }[]) => {
      const set = new Set(rows.map((row) => row.id));
      expect(set.size).toBe(rows.length);
      return set;
    };
    const users = ids(realm.zerver_userprofile);
    const streams = ids(realm.zerver_stream);
    const huddles = ids(realm.zerver_huddle);
    const recipients = ids(realm.zerver_recipient);
    const clients = ids(realm.zerver_client);
    const fields = ids(realm.zerver_customprofilefield);
    ids(realm.zerver_subscription);
    const pointsAt = (set: Set<number>, value: number | null) =>
      expect(value === null || set.has(value), `${value} is missing`).toBe(true);

    pointsAt(streams, realmRow.new_stream_announcements_stream);
    pointsAt(streams, realmRow.zulip_update_announcements_stream);
    for (const user of realm.zerver_userprofile) {
      expect(user.realm).toBe(realmRow.id);
      pointsAt(users, user.bot_owner);
      pointsAt(streams, user.default_sending_stream);
      pointsAt(streams, user.default_events_register_stream);
    }
    for (const stream of realm.zerver_stream) expect(stream.realm).toBe(realmRow.id);
    // One recipient for each user, stream and huddle, and nothing else.
    const recipientOf = new Map(
      realm.zerver_recipient.map((row) => [`${row.type}:${row.type_id}`, row.id]),
    );
    expect(recipientOf.size).toBe(users.size + streams.size + huddles.size);
    for (const user of users) expect(recipientOf.has(`1:${user}`)).toBe(true);
    for (const stream of streams) expect(recipientOf.has(`2:${stream}`)).toBe(true);
    for (const huddle of huddles) expect(recipientOf.has(`3:${huddle}`)).toBe(true);

    const subscribed = new Set(
      realm.zerver_subscription.map((row) => `${row.user_profile}:${row.recipient}`),
    );
    expect(subscribed.size).toBe(realm.zerver_subscription.length);
    for (const row of realm.zerver_subscription) {
      pointsAt(users, row.user_profile);
      pointsAt(recipients, row.recipient);
    }
    // Zulip has everyone subscribed to their own recipient, and learns a huddle's members from its subscriptions.
    for (const user of users)
      expect(subscribed.has(`${user}:${recipientOf.get(`1:${user}`)}`)).toBe(true);
    for (const row of realm.zerver_defaultstream) pointsAt(streams, row.stream);
    for (const row of realm.zerver_usertopic) {
      pointsAt(users, row.user_profile);
      expect(row.recipient).toBe(recipientOf.get(`2:${row.stream}`));
    }
    for (const row of realm.zerver_alertword) pointsAt(users, row.user_profile);
    for (const row of realm.zerver_service) pointsAt(users, row.user_profile);
    for (const row of realm.zerver_muteduser) {
      pointsAt(users, row.user_profile);
      pointsAt(users, row.muted_user);
    }
    for (const row of realm.zerver_userstatus) {
      pointsAt(users, row.user_profile);
      pointsAt(clients, row.client);
    }
    const recipientIds = new Set(recipientOf.values());
    for (const row of realm.zerver_scheduledmessage) {
      pointsAt(users, row.sender);
      pointsAt(clients, row.sending_client);
      expect(recipientIds.has(row.recipient)).toBe(true);
    }
    const messages = new Set(messagesOf(latest()).map((row) => row.id));
    for (const row of realm.zerver_reaction) {
      pointsAt(users, row.user_profile);
      pointsAt(messages, row.message);
    }
    for (const row of realm.zerver_customprofilefieldvalue) {
      pointsAt(users, row.user_profile);
      pointsAt(fields, row.field);
    }
    expect(
      realm.zerver_userprofile.some((user) => user.role === 100 && user.is_active && !user.is_bot),
    ).toBe(true);

    // Notification Bot's messages name it by its zerver_userprofile_crossrealm ID.
    const senders = new Set([
      ...users,
      ...realm.zerver_userprofile_crossrealm.map((bot) => bot.id),
    ]);
    const seenMessages = new Set<number>();
    const seenPairs = new Set<string>();
    for (const file of files) {
      const inFile = new Set(file.zerver_message.map((message) => message.id));
      for (const message of file.zerver_message) {
        expect(seenMessages.has(message.id)).toBe(false);
        seenMessages.add(message.id);
        pointsAt(senders, message.sender);
        pointsAt(recipients, message.recipient);
        pointsAt(clients, message.sending_client);
        for (const edit of JSON.parse(message.edit_history ?? '[]') as { user_id: number }[]) {
          pointsAt(users, edit.user_id);
        }
      }
      for (const row of file.zerver_usermessage) {
        // The importer asserts a user message's message is in its own file.
        expect(inFile.has(row.message)).toBe(true);
        pointsAt(users, row.user_profile);
        const pair = `${row.user_profile}:${row.message}`;
        expect(seenPairs.has(pair)).toBe(false);
        seenPairs.add(pair);
      }
    }
    const hasAttachment = new Map(
      files.flatMap((file) => file.zerver_message).map((m) => [m.id, m.has_attachment]),
    );
    const records = new Map(latest().uploads.map((record) => [record.s3_path, record]));
    expect(records.size).toBe(latest().uploads.length);
    for (const attachment of latest().attachments) {
      pointsAt(users, attachment.owner);
      expect(attachment.realm).toBe(realmRow.id);
      // The importer finds the file by the record whose s3_path is the attachment's path_id…
      expect(records.get(attachment.path_id)?.user_profile_id).toBe(attachment.owner);
      // …and rewrites the links only in messages marked as having an attachment.
      for (const message of attachment.messages) expect(hasAttachment.get(message)).toBe(true);
      for (const id of attachment.scheduled_messages) {
        const scheduled = realm.zerver_scheduledmessage.find((row) => row.id === id);
        expect(scheduled?.has_attachment).toBe(true);
      }
    }
    // A file a scheduled message links goes with it, for the importer to rewrite its link.
    expect(
      latest().attachments.find((row) => row.scheduled_messages.includes(scheduledWithFile)),
    ).toMatchObject({ owner: bob.id, file_name: 'agenda.png', messages: [] });
    for (const user of realm.zerver_userprofile) expect(zulipAcceptsEmail(user.email)).toBe(true);

    // Zulip 12's groups: every group a setting, a membership or a named group names is exported.
    const groups = ids(table(realm, 'zerver_usergroup') as { id: number }[]);
    const named = table(realm, 'zerver_namedusergroup');
    const namedIds = ids(named as { id: number }[]);
    for (const row of table(realm, 'zerver_usergroup')) expect(row.realm).toBe(realmRow.id);
    for (const group of named) {
      expect(group.usergroup_ptr).toBe(group.id);
      expect(groups.has(group.id as number)).toBe(true);
      expect(group.realm_for_sharding).toBe(realmRow.id);
      pointsAt(users, group.creator as number | null);
      for (const name of groupSettingNames.userGroup) pointsAt(groups, group[name] as number);
    }
    for (const name of groupSettingNames.realm) {
      pointsAt(groups, (realmRow as Record<string, unknown>)[name] as number);
    }
    for (const stream of realm.zerver_stream) {
      for (const name of groupSettingNames.channel) {
        pointsAt(groups, (stream as Record<string, unknown>)[name] as number);
      }
    }
    const pairs = new Set<string>();
    for (const row of table(realm, 'zerver_usergroupmembership')) {
      pointsAt(groups, row.user_group as number);
      pointsAt(users, row.user_profile as number);
      pairs.add(`${row.user_group}:${row.user_profile}`);
    }
    expect(pairs.size).toBe(table(realm, 'zerver_usergroupmembership').length);
    for (const row of table(realm, 'zerver_groupgroupmembership')) {
      pointsAt(groups, row.supergroup as number);
      // Zulip's GroupGroupMembership.subgroup is a named group.
      pointsAt(namedIds, row.subgroup as number);
    }
    const folders = ids(table(realm, 'zerver_channelfolder') as { id: number }[]);
    for (const folder of table(realm, 'zerver_channelfolder')) {
      expect(folder.realm).toBe(realmRow.id);
      pointsAt(users, folder.creator as number | null);
    }
    for (const stream of realm.zerver_stream) pointsAt(folders, field(stream, 'folder') as number);
    for (const snippet of table(realm, 'zerver_savedsnippet')) {
      expect(snippet.realm).toBe(realmRow.id);
      pointsAt(users, snippet.user_profile as number);
    }
  });

  it("writes Zulip 12's whole group setup, the system groups with role:nobody among them", () => {
    const { realm } = latest();
    const named = table(realm, 'zerver_namedusergroup');
    const system = named.filter((group) => group.is_system_group);
    expect(system.map((group) => group.name).sort()).toEqual(
      [
        'role:nobody',
        'role:owners',
        'role:administrators',
        'role:moderators',
        'role:fullmembers',
        'role:members',
        'role:everyone',
        'role:internet',
      ].sort(),
    );
    const byName = new Map(named.map((group) => [group.name as string, group]));
    const idOf = (name: string) => byName.get(name)?.id;
    // Each contains the one before it; role:nobody holds no one and is inside nothing.
    const chain = [
      'role:owners',
      'role:administrators',
      'role:moderators',
      'role:fullmembers',
      'role:members',
      'role:everyone',
      'role:internet',
    ];
    chain.slice(1).forEach((name, index) => {
      expect(exportedGroup(realm, idOf(name)).subgroups).toEqual([idOf(chain[index] ?? '')]);
    });
    expect(exportedGroup(realm, idOf('role:nobody'))).toEqual({ members: [], subgroups: [] });
    expect(exportedGroup(realm, idOf('role:owners')).members).toEqual([org.owner.id]);
    expect(exportedGroup(realm, idOf('role:everyone')).members).toEqual([dave.id]);
    // A system group's own settings name nobody, as Zulip makes them.
    for (const group of system) {
      for (const name of groupSettingNames.userGroup) expect(group[name]).toBe(idOf('role:nobody'));
    }
    expect(byName.get('reviewers')).toMatchObject({
      is_system_group: false,
      creator: org.owner.id,
      deactivated: false,
    });
    // A deactivated group goes as Zulip keeps one, with its members (feature level 290).
    expect(byName.get('retired')).toMatchObject({ is_system_group: false, deactivated: true });
    expect(exportedGroup(realm, idOf('retired')).members).toEqual([erin.id]);
    expect(field(realm.zerver_realm[0], 'workplace_users_group')).toBe(idOf('role:members'));
    // Earlier releases make the groups themselves: none is exported for them.
    for (const version of [9, 10, 11] as const) {
      expect(exports.get(version)?.realm).not.toHaveProperty('zerver_usergroup');
    }
  });

  it("names, for every organization, channel and group setting, a group of the host's value", async () => {
    const { realm } = latest();
    const registered = (
      await org.api(org.owner)('POST', '/register', {
        fetch_event_types: ['realm', 'realm_user_groups'],
      })
    ).json as Record<string, unknown>;
    const hostGroups = new Map(
      (registered.realm_user_groups as (HostGroup & Row)[]).map((group) => [group.id, group]),
    );
    const hostValue = (value: GroupValue) => {
      if (typeof value !== 'number') {
        return { members: sorted(value.direct_members), subgroups: sorted(value.direct_subgroups) };
      }
      const group = hostGroups.get(value);
      return {
        members: sorted(group?.members ?? []),
        subgroups: sorted(group?.direct_subgroup_ids ?? []),
      };
    };
    const nobodyId = table(realm, 'zerver_namedusergroup').find(
      (group) => group.name === 'role:nobody',
    )?.id;
    // Zulip exports a deactivated user's memberships, which register leaves
    // out while they are deactivated (feature level 303).
    const inactive = new Set(
      realm.zerver_userprofile.filter((user) => !user.is_active).map((user) => user.id),
    );
    const activeGroup = (id: unknown) => {
      const group = exportedGroup(realm, id);
      return { ...group, members: group.members.filter((member) => !inactive.has(member)) };
    };
    const check = (what: string, value: GroupValue, exportedId: unknown) => {
      expect(activeGroup(exportedId), what).toEqual(hostValue(value));
      if (typeof value === 'number') expect(exportedId, what).toBe(value);
      else if (value.direct_members.length + value.direct_subgroups.length === 0) {
        expect(exportedId, what).toBe(nobodyId);
      }
    };
    const [realmRow] = realm.zerver_realm;
    for (const name of groupSettingNames.realm.filter((name) => name !== 'workplace_users_group')) {
      check(name, registered[`realm_${name}`] as GroupValue, field(realmRow, name));
    }
    const { streams } = (
      await org.api(org.owner)('GET', '/streams', {
        include_all_active: true,
        exclude_archived: false,
      })
    ).json as { streams: (Row & { stream_id: number })[] };
    expect(streams.length).toBe(realm.zerver_stream.length);
    for (const stream of streams) {
      const exported = realm.zerver_stream.find((row) => row.id === stream.stream_id);
      for (const name of groupSettingNames.channel) {
        check(`${stream.name} ${name}`, stream[name] as GroupValue, field(exported, name));
      }
    }
    const named = table(realm, 'zerver_namedusergroup');
    for (const group of hostGroups.values()) {
      const exported = named.find((row) => row.id === group.id);
      expect(activeGroup(group.id), `group ${group.id}`).toEqual(hostValue(group.id));
      for (const name of groupSettingNames.userGroup) {
        check(`group ${group.id} ${name}`, group[name] as GroupValue, exported?.[name]);
      }
    }
    // The values set above are among them, as anonymous groups where they name people.
    expect(exportedGroup(realm, field(realmRow, 'can_add_custom_emoji_group'))).toEqual({
      members: [erin.id],
      subgroups: [reviewersId],
    });
    expect(field(realmRow, 'can_invite_users_group')).toBe(nobodyId);
    expect(field(realmRow, 'can_create_groups')).toBe(leadsId);
  });

  it('carries the channel folders, each channel in its own, and the saved snippets', () => {
    const { realm } = latest();
    expect(table(realm, 'zerver_channelfolder')).toEqual([
      expect.objectContaining({
        id: folderId,
        name: 'Making',
        description: 'How we **make**',
        rendered_description: '<p>How we <strong>make</strong></p>',
        creator: org.owner.id,
        is_archived: false,
      }),
    ]);
    expect(
      field(
        realm.zerver_stream.find((row) => row.id === designId),
        'folder',
      ),
    ).toBe(folderId);
    expect(
      field(
        realm.zerver_stream.find((row) => row.id === secretId),
        'folder',
      ),
    ).toBeNull();
    expect(
      field(
        realm.zerver_stream.find((row) => row.id === designId),
        'topics_policy',
      ),
    ).toBe(1);
    // Zulip's StreamTopicsPolicyEnum: 3 is disable_empty_topic; the organization allows it (2).
    expect(
      field(
        realm.zerver_stream.find((row) => row.id === secretId),
        'topics_policy',
      ),
    ).toBe(3);
    expect(field(realm.zerver_realm[0], 'topics_policy')).toBe(2);
    expect(table(realm, 'zerver_savedsnippet')).toEqual([
      expect.objectContaining({
        user_profile: alice.id,
        title: 'Standup',
        content: 'Yesterday, today, blockers',
      }),
    ]);
    expect(realm.zerver_scheduledmessage).toEqual([
      expect.objectContaining({ sender: bob.id, delivery_type: 1 }),
      expect.objectContaining({
        sender: erin.id,
        delivery_type: 1,
        request_timestamp: expect.any(Number),
        reminder_target_message_id: null,
        reminder_note: null,
      }),
      expect.objectContaining({
        sender: alice.id,
        delivery_type: 2,
        reminder_target_message_id: sent.hello,
        reminder_note: 'answer it',
      }),
    ]);
    for (const version of [9, 10, 11] as const) {
      const earlier = exports.get(version)?.realm;
      expect(earlier).not.toHaveProperty('zerver_channelfolder');
      expect(earlier).not.toHaveProperty('zerver_savedsnippet');
      // A reminder is nothing an earlier importer reads.
      expect(
        earlier?.zerver_scheduledmessage.map((row: { delivery_type: number }) => row.delivery_type),
      ).toEqual([1, 1]);
    }
  });

  it("carries nobody's password hash or API key: Zulip's importer replaces both", async () => {
    const db = new Database(databaseFileOf(org.dataDir), { readonly: true });
    const rows = db.prepare('SELECT password_hash, api_key FROM users').all() as {
      password_hash: string | null;
      api_key: string;
    }[];
    db.close();
    const hashes = rows.flatMap((row) => (row.password_hash === null ? [] : [row.password_hash]));
    expect(hashes.length).toBeGreaterThan(0);
    for (const exported of exports.values()) {
      const names = await readdir(exported.dir, { recursive: true });
      for (const name of names.filter((file) => file.endsWith('.json'))) {
        const text = await readFile(join(exported.dir, name), 'utf8');
        expect(text, name).not.toContain('scrypt$');
        for (const secret of [...hashes, ...rows.map((row) => row.api_key)]) {
          expect(text.includes(secret), name).toBe(false);
        }
      }
    }
  });

  it('carries the uploaded files, each where its record says, linked to the messages that name it', async () => {
    for (const [version, exported] of exports) {
      const sketch = exported.attachments.find((row) => sketchUri.endsWith(row.path_id));
      expect(sketch).toMatchObject({ owner: alice.id, file_name: 'sketch.png', size: icon.length });
      expect(sketch?.messages).toEqual([sent.upload]);
      expect((sketch as Record<string, unknown> | undefined)?.content_type).toBe(
        version >= 10 ? 'image/png' : undefined,
      );
      const unsent = exported.attachments.find((row) => row.file_name === 'unsent.png');
      expect(unsent).toMatchObject({ owner: bob.id, messages: [] });
      expect(exported.uploads).toHaveLength(3);
      for (const record of exported.uploads) {
        expect(await readFile(join(exported.dir, 'uploads', record.path))).toEqual(icon);
      }
      expect(exported.summary.uploads).toBe(3);
      const message = messagesOf(exported).find((row) => row.id === sent.upload);
      expect(message?.content).toContain(sketchUri);
    }
  });

  it('carries an archived channel as Zulip 12 keeps one, and general chat as the empty topic', () => {
    for (const [version, exported] of exports) {
      const { realm } = exported;
      expect(realm.zerver_stream.find((row) => row.id === oldId)).toMatchObject({
        name: 'old',
        deactivated: true,
      });
      const oldRecipient = realm.zerver_recipient.find(
        (row) => row.type === 2 && row.type_id === oldId,
      );
      // An archived channel keeps its subscribers, who may still read it (feature level 315).
      expect(
        realm.zerver_subscription
          .filter((row) => row.recipient === oldRecipient?.id)
          .map((row) => row.user_profile)
          .sort((a, b) => a - b),
      ).toEqual([alice.id, erin.id].sort((a, b) => a - b));
      expect(messagesOf(exported).find((row) => row.id === sent.generalChat)).toMatchObject({
        recipient: oldRecipient?.id,
        subject: '',
        content: 'Anyone still here?',
      });
      // UserTopic names the empty topic from Zulip 10 (feature level 334).
      expect(
        realm.zerver_usertopic.filter((row) => row.stream === oldId && row.topic_name === ''),
      ).toEqual(
        version >= 10
          ? [
              // Alice follows the topic she started, as Zulip 12's default policy has it.
              expect.objectContaining({ user_profile: alice.id, visibility_policy: 3 }),
              expect.objectContaining({ user_profile: erin.id, visibility_policy: 3 }),
            ]
          : [],
      );
    }
  });

  it('carries the people, their roles and settings, the streams, subscriptions, muted topics and muted users', () => {
    const { realm } = latest();
    const user = (id: number) => realm.zerver_userprofile.find((row) => row.id === id);
    expect(user(org.owner.id)).toMatchObject({ role: 100, is_active: true });
    expect(user(bob.id)).toMatchObject({ role: 200, email: bob.email, full_name: bob.fullName });
    expect(user(carol.id)?.role).toBe(300);
    expect(user(dave.id)?.role).toBe(600);
    expect(user(erin.id)?.role).toBe(400);
    expect(user(frank.id)?.is_active).toBe(false);
    expect(user(botId)).toMatchObject({ is_bot: true, bot_type: 1, bot_owner: alice.id });
    expect(user(alice.id)).toMatchObject({
      twenty_four_hour_time: true,
      notification_sound: 'none',
    });
    expect(user(alice.id)).not.toHaveProperty('default_view');
    expect(user(alice.id)).toMatchObject({
      web_home_view: 'recent',
      web_font_size_px: 18,
      web_channel_default_view: 3,
      hide_ai_features: true,
      web_inbox_show_channel_folders: false,
      automatically_follow_topics_where_mentioned: false,
    });

    const design = realm.zerver_stream.find((row) => row.id === designId);
    expect(design).toMatchObject({
      name: 'design',
      description: 'Pixels and **type**',
      invite_only: false,
      creator: alice.id,
    });
    expect(realm.zerver_stream.find((row) => row.id === secretId)).toMatchObject({
      name: 'secret',
      invite_only: true,
    });
    expect(realm.zerver_defaultstream.map((row) => row.stream)).toContain(designId);
    expect(realm.zerver_realm[0].new_stream_announcements_stream).toBe(designId);
    expect(realm.zerver_realm[0].enable_read_receipts).toBe(false);
    expect(realm.zerver_realm[0].icon_source).toBe('U');

    const designRecipient = realm.zerver_recipient.find(
      (row) => row.type === 2 && row.type_id === designId,
    );
    const designSubscribers = realm.zerver_subscription.filter(
      (row) => row.recipient === designRecipient?.id,
    );
    // Grace joined once design was a default channel.
    expect(designSubscribers.map((row) => row.user_profile).sort((a, b) => a - b)).toEqual(
      [alice.id, bob.id, erin.id, grace.id].sort((a, b) => a - b),
    );
    expect(designSubscribers.find((row) => row.user_profile === erin.id)).toMatchObject({
      pin_to_top: true,
      color: '#123abc',
    });
    // Senders follow the topics they start, as Zulip 12's default policy has it.
    const chosen = realm.zerver_usertopic.filter(
      (row: { visibility_policy: number }) => row.visibility_policy !== 3,
    );
    expect(chosen).toEqual([
      expect.objectContaining({
        user_profile: erin.id,
        stream: designId,
        topic_name: 'colours',
        visibility_policy: 1,
      }),
    ]);
    expect(realm.zerver_customprofilefield).toEqual([
      expect.objectContaining({
        id: fieldId,
        name: 'Desk',
        hint: 'Where to find you',
        field_type: 1,
        required: false,
        editable_by_user: true,
        use_for_user_matching: false,
      }),
    ]);
    expect(realm.zerver_alertword.map(({ user_profile, word }) => [user_profile, word])).toEqual([
      [erin.id, 'Orange'],
      [erin.id, 'deadline'],
    ]);
    expect(realm.zerver_muteduser).toEqual([
      expect.objectContaining({ user_profile: alice.id, muted_user: erin.id }),
    ]);
    expect(realm.zerver_service).toEqual([
      expect.objectContaining({
        user_profile: outgoingBotId,
        name: 'triage',
        base_url: 'https://93.184.216.34/triage',
        interface: 2,
      }),
    ]);
    const sendLater = realm.zerver_scheduledmessage.filter(
      (row: { delivery_type: number; sender: number }) =>
        row.delivery_type === 1 && row.sender === erin.id,
    );
    expect(sendLater).toEqual([
      expect.objectContaining({
        sender: erin.id,
        content: 'Tomorrow, then',
        rendered_content: '<p>Tomorrow, then</p>',
        stream: null,
        delivered: false,
        failed: false,
        read_by_sender: false,
        delivery_type: 1,
      }),
    ]);
    expect(realm.zerver_customprofilefieldvalue).toEqual([
      expect.objectContaining({ user_profile: alice.id, field: fieldId, value: 'B-12' }),
    ]);
  });

  it('carries every message with its topic, sender, flags and edit history', () => {
    const exported = latest();
    const message = (id: number | undefined) => messagesOf(exported).find((row) => row.id === id);
    const flags = (user: TestUser, id: number | undefined) =>
      userMessagesOf(exported).find((row) => row.user_profile === user.id && row.message === id)
        ?.flags_mask ?? null;

    expect(message(sent.hello)).toMatchObject({
      sender: alice.id,
      subject: 'colours',
      content: 'Which **red**?',
      rendered_content: '<p>Which <strong>red</strong>?</p>',
    });
    const history = JSON.parse(message(sent.hello)?.edit_history ?? 'null') as unknown[];
    expect(history).toEqual([
      expect.objectContaining({ user_id: alice.id, prev_content: 'Which **orange**?' }),
    ]);
    expect(message(sent.hello)?.last_edit_time).toBeGreaterThanOrEqual(
      message(sent.hello)?.date_sent ?? 0,
    );
    expect((flags(bob, sent.hello) ?? 0) & STARRED).toBe(STARRED);
    expect((flags(erin, sent.hello) ?? 0) & STARRED).toBe(0);
    expect(flags(bob, sent.mention)).toBe(READ | MENTIONED);
    expect((flags(alice, sent.mention) ?? 0) & MENTIONED).toBe(0);
    expect(message(sent.secret)?.subject).toBe('plans');
    // Nobody outside the private stream holds its message.
    expect(flags(alice, sent.secret)).toBeNull();
    for (const id of Object.values(sent)) expect(message(id)).toBeDefined();
  });

  it("carries each person's status, and being away as their presence setting", () => {
    for (const { realm } of exports.values()) {
      const statuses = realm.zerver_userstatus.map(
        ({ user_profile, status_text, emoji_name, emoji_code, reaction_type }) => ({
          user_profile,
          status_text,
          emoji_name,
          emoji_code,
          reaction_type,
        }),
      );
      expect(statuses).toEqual([
        {
          user_profile: bob.id,
          status_text: '',
          emoji_name: '',
          emoji_code: '',
          reaction_type: 'unicode_emoji',
        },
        {
          user_profile: erin.id,
          status_text: 'Out sick',
          emoji_name: 'hurt',
          emoji_code: '1f915',
          reaction_type: 'unicode_emoji',
        },
      ]);
      const profile = (user: TestUser) =>
        realm.zerver_userprofile.find((row) => row.id === user.id);
      expect(profile(bob)?.presence_enabled).toBe(false);
      expect(profile(erin)?.presence_enabled).toBeUndefined();
    }
  });

  it("carries each person's later settings where the release's UserProfile has them", () => {
    for (const [version, { realm }] of exports) {
      const alices = realm.zerver_userprofile.find((row) => row.id === alice.id) as Row;
      expect(alices).toMatchObject({ web_home_view: 'recent', web_font_size_px: 18 });
      // Feature levels 350 (10.0), 269 with 383 and 385 (11.0), and 431 (12.0).
      expect(alices.hide_ai_features).toBe(version >= 10 ? true : undefined);
      expect(alices.web_channel_default_view).toBe(version >= 11 ? 3 : undefined);
      expect(alices.resolved_topic_notice_auto_read_policy).toBe(version >= 11 ? 3 : undefined);
      expect(alices.web_inbox_show_channel_folders).toBe(version >= 12 ? false : undefined);
    }
  });

  it("carries the organization's later settings as each release's Realm model keeps them", () => {
    for (const [version, { realm }] of exports) {
      const row = realm.zerver_realm[0] as Row;
      expect(row).toMatchObject({
        require_unique_names: true,
        enable_guest_user_indicator: true,
        zulip_update_announcements_stream: designId,
        default_language: 'en',
        giphy_rating: 3,
        jitsi_server_url: 'https://meet.example.com',
        video_chat_provider: 1,
      });
      expect(row.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      // Zulip 10 replaced allow_edit_history: moves only is 2, and keeps history on for 9.
      if (version === 9) expect(row).toMatchObject({ allow_edit_history: true });
      else expect(row).toMatchObject({ message_edit_history_visibility_policy: 2 });
      expect(row.enable_guest_user_dm_warning).toBe(version >= 10 ? false : undefined);
      expect(row.require_e2ee_push_notifications).toBe(version >= 11 ? true : undefined);
      expect(row.send_channel_events_messages).toBe(version >= 12 ? false : undefined);
    }
  });

  it('carries what each bot stores, the notices each person dismissed and their pinned views', () => {
    for (const [version, { realm }] of exports) {
      expect(table(realm, 'zerver_botstoragedata')).toEqual([
        { id: 1, bot_profile: botId, key: 'attempts', value: '3' },
        { id: 2, bot_profile: botId, key: 'last_build', value: 'green' },
      ]);
      expect(
        table(realm, 'zerver_onboardingstep')
          .filter((row) => row.user === alice.id)
          .map((row) => row.onboarding_step)
          .sort(),
      ).toEqual(['intro_inbox_view_modal', 'visibility_policy_banner']);
      // Zulip 11's NavigationView (feature level 390); earlier importers read none.
      expect(table(realm, 'zerver_navigationview')).toEqual(
        version >= 11
          ? [
              expect.objectContaining({
                user: alice.id,
                fragment: `narrow/channel/${designId}-design`,
                is_pinned: true,
                name: 'Design',
              }),
            ]
          : [],
      );
      expect('zerver_navigationview' in realm).toBe(version >= 11);
    }
  });

  it("carries when each person was last active, with Zulip 12's presence update IDs", () => {
    for (const [version, { realm }] of exports) {
      const presence = table(realm, 'zerver_userpresence');
      if (version < 12) {
        expect(presence).toEqual([]);
        continue;
      }
      const erins = presence.find((row) => row.user_profile === erin.id);
      expect(erins).toMatchObject({ realm: realm.zerver_realm[0].id });
      expect(erins?.last_active_time).toBeGreaterThan(realm.zerver_realm[0].date_created - 1);
      const [sequence] = table(realm, 'zerver_presencesequence');
      const latest = Math.max(...presence.map((row) => row.last_update_id as number));
      expect(sequence?.last_update_id).toBeGreaterThanOrEqual(latest);
      expect(latest).toBeGreaterThan(0);
    }
  });

  it("gives a Jdenticon pattern Zulip's Gravatar fallback, as the export holds no image of it", () => {
    for (const { realm } of exports.values()) {
      const user = (id: number) => realm.zerver_userprofile.find((row) => row.id === id);
      expect(user(grace.id)?.avatar_source).toBe('G');
      expect(user(alice.id)?.avatar_source).toBe('G');
    }
  });

  it('carries the linkifiers in their order, and each playground with a template ending in {code}', () => {
    for (const [version, { realm }] of exports) {
      expect(realm.zerver_realmfilter).toEqual([
        expect.objectContaining({
          pattern: '#(?P<id>[0-9]+)',
          url_template: 'https://tracker.example.com/{id}',
          order: 0,
        }),
      ]);
      // Zulip 12's RealmFilter.example_input and reverse_template (feature level 471).
      const linkifier = realm.zerver_realmfilter[0] as Row | undefined;
      expect(linkifier?.example_input).toBe(version >= 12 ? '#42' : undefined);
      expect(linkifier?.reverse_template).toBe(version >= 12 ? '#{id}' : undefined);
      expect(realm.zerver_realmplayground).toEqual([
        expect.objectContaining({
          name: 'Rust playground',
          pygments_language: 'Rust',
          url_template: 'https://play.rust-lang.org/?code={code}',
        }),
      ]);
    }
  });

  it('carries the reactions, each with its emoji, in the order they were made', () => {
    for (const { realm } of exports.values()) {
      expect(
        realm.zerver_reaction.map((row) => [
          row.message,
          row.user_profile,
          row.emoji_name,
          row.emoji_code,
          row.reaction_type,
        ]),
      ).toEqual([
        [sent.hello, bob.id, 'tada', '1f389', 'unicode_emoji'],
        // Joining a reaction takes its name, as on Zulip.
        [sent.hello, erin.id, 'tada', '1f389', 'unicode_emoji'],
        [sent.direct, bob.id, 'zulip', 'zulip', 'zulip_extra_emoji'],
      ]);
    }
  });

  it('writes direct messages and huddles as each release stores them', () => {
    for (const [version, exported] of exports) {
      const direct = messagesOf(exported).filter(
        (row) => row.id === sent.direct || row.id === sent.group,
      );
      expect(direct).toHaveLength(2);
      for (const row of direct) {
        expect(row.subject).toBe(version >= 11 ? '\x07' : '');
        expect(field(row, 'is_channel_message')).toBe(version >= 11 ? false : undefined);
      }
      const channel = messagesOf(exported).find((row) => row.id === sent.hello);
      expect(field(channel, 'is_channel_message')).toBe(version >= 11 ? true : undefined);
      for (const row of userMessagesOf(exported)) {
        const isDirect = row.message === sent.direct || row.message === sent.group;
        expect((row.flags_mask & IS_PRIVATE) !== 0, `message ${row.message}`).toBe(isDirect);
      }
      const [huddle] = exported.realm.zerver_huddle;
      expect(exported.realm.zerver_huddle).toHaveLength(1);
      expect(field(huddle, 'group_size')).toBe(version >= 10 ? 3 : undefined);
      const recipient = exported.realm.zerver_recipient.find(
        (row) => row.type === 3 && row.type_id === huddle?.id,
      );
      const members = exported.realm.zerver_subscription
        .filter((row) => row.recipient === recipient?.id)
        .map((row) => row.user_profile)
        .sort((a, b) => a - b);
      expect(members).toEqual([alice.id, bob.id, carol.id].sort((a, b) => a - b));
      const secret = exported.realm.zerver_stream.find((row) => row.id === secretId);
      expect(field(secret, 'stream_post_policy')).toBe(version === 9 ? 2 : undefined);
    }
  });

  it('copies the uploaded icon for Zulip to serve', async () => {
    const { dir } = latest();
    const records = zulipImportFormat(11).realmIconRecords.parse(
      await readJson(join(dir, 'realm_icons', 'records.json')),
    );
    for (const record of records) {
      expect(await readFile(join(dir, 'realm_icons', record.path))).toEqual(icon);
    }
  });

  it('carries the custom emoji, retired ones too, with their images where the importer looks', async () => {
    const { dir, realm } = latest();
    expect(realm.zerver_realmemoji.map((row) => [row.name, row.author, row.deactivated])).toEqual([
      ['shipit', alice.id, false],
      ['retired', alice.id, true],
    ]);
    const records = zulipImportFormat(11).emojiRecords.parse(
      await readJson(join(dir, 'emoji', 'records.json')),
    );
    expect(records.map((record) => record.path)).toEqual(
      realm.zerver_realmemoji.flatMap((row) => [
        `1/emoji/images/${row.file_name}`,
        `1/emoji/images/${row.file_name}.original`,
      ]),
    );
    for (const record of records) {
      expect(await readFile(join(dir, 'emoji', record.path))).toEqual(emoji);
    }
  });

  it('refuses a folder that exists and leaves it as it was', async () => {
    const taken = join(work, 'taken');
    await mkdir(taken);
    await writeFile(join(taken, 'keep.txt'), 'mine');
    await expect(
      exportForZulip({
        databasePath: databaseFileOf(org.dataDir),
        outDir: taken,
        zulipVersion: 11,
      }),
    ).rejects.toThrow(/already exists/);
    expect(await readdir(taken)).toEqual(['keep.txt']);
  });

  it('leaves no folder behind when the database is not an organization', async () => {
    const notHearth = join(work, 'not-hearth.sqlite3');
    await writeFile(notHearth, 'not a database at all, only text');
    const outDir = join(work, 'from-nothing');
    await expect(
      exportForZulip({ databasePath: notHearth, outDir, zulipVersion: 11 }),
    ).rejects.toThrow();
    await expect(
      exportForZulip({ databasePath: join(work, 'missing.sqlite3'), outDir, zulipVersion: 11 }),
    ).rejects.toThrow(/no organization/);
    expect((await readdir(work)).filter((name) => name.includes('from-nothing'))).toEqual([]);
  });
});

describe('an export taken while the host serves', () => {
  let org: Org;
  let work: string;

  beforeAll(async () => {
    org = await startOrg();
    work = await mkdtemp(join(tmpdir(), 'hearth-zulip-export-'));
  });
  afterAll(async () => {
    await org?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('holds every message sent before it began, each with its user messages, and none half', async () => {
    const alice = await org.user('alice');
    const bob = await org.user('bob');
    await org.subscribe(alice, 'busy');
    await org.subscribe(bob, 'busy');
    const acknowledged: number[] = [];
    let sending = true;
    const sender = (async () => {
      for (let n = 0; sending && n < 5000; n++) {
        acknowledged.push(await org.sendStream(alice, 'busy', `t${n % 7}`, `message ${n}`));
      }
    })();
    while (acknowledged.length < 1100) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = acknowledged.length;
    const dir = join(work, 'live');
    await exportForZulip({
      databasePath: databaseFileOf(org.dataDir),
      outDir: dir,
      zulipVersion: 11,
    });
    sending = false;
    await sender;
    const exported = await readExport(dir, 11);
    const ids = new Set(exported.files.flatMap((file) => file.zerver_message.map((m) => m.id)));
    expect(exported.files.length).toBeGreaterThanOrEqual(2);
    for (const id of acknowledged.slice(0, before)) expect(ids.has(id)).toBe(true);
    const holders = new Map<number, number>();
    for (const row of exported.files.flatMap((file) => file.zerver_usermessage)) {
      holders.set(row.message, (holders.get(row.message) ?? 0) + 1);
    }
    const busy = exported.files
      .flatMap((file) => file.zerver_message)
      .filter((message) => message.content.startsWith('message '));
    for (const message of busy) expect(holders.get(message.id)).toBe(2);
  });
});

describe('npm run export:zulip', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src-main/server/export/cli.ts', ...args],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => resolve({ code, output }));
    });

  it("writes the export of a stopped host's data folder and says what it wrote", async () => {
    const org = await startOrg();
    try {
      await org.sendStream(org.owner, 'general', 'hello', 'Hello from the command line');
      await org.stop();
      const out = join(org.dataDir, 'moving-out');
      const { code, output } = await run([
        '--data-dir',
        org.dataDir,
        '--out',
        out,
        '--zulip-version',
        '10',
      ]);
      expect(output).toMatch(
        /Wrote 1 users, \d+ streams, \d+ messages and 0 files for Zulip 10 to .*moving-out/,
      );
      expect(code).toBe(0);
      const exported = await readExport(out, 10);
      expect(exported.files.flatMap((file) => file.zerver_message).map((m) => m.content)).toContain(
        'Hello from the command line',
      );
    } finally {
      await org.close();
    }
  });

  it('offers every release it writes for, Zulip 12 by default', async () => {
    const { code, output } = await run(['--help']);
    expect(code).toBe(0);
    expect(output).toContain('the Zulip release that will import it: 9, 10, 11, 12');
    expect(output).toContain('(default 12)');
  });

  it('refuses a Zulip release it does not write for, with status 2', async () => {
    const { code, output } = await run(['--zulip-version', '7']);
    expect(code).toBe(2);
    expect(output).toContain("--zulip-version must be one of 9, 10, 11, 12, not '7'");
  });
});

describe("Zulip's email check", () => {
  it('takes the addresses Django takes and refuses the rest', () => {
    for (const email of [
      'ann@example.com',
      'build-bot@localhost',
      'o.k+tag@sub.example.org',
      'x@[10.0.0.1]',
    ]) {
      expect(zulipAcceptsEmail(email), email).toBe(true);
    }
    for (const email of [
      'ann@intranet',
      'bot@127.0.0.1',
      'two..dots@example.com',
      'no-at-sign',
      'a@b.c',
    ]) {
      expect(zulipAcceptsEmail(email), email).toBe(false);
    }
  });
});
