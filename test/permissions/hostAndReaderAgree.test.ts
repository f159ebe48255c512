import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNobody, type GroupSettingValue } from '../../src-main/permissions/groupSettings';
import {
  channelPermissionsOf,
  readerMay,
  type ChannelPermissions,
  type ReaderPermissions,
} from '../../src-main/permissions/readerPermissions';
import {
  channelGroupSettings,
  mayInChannel,
} from '../../src-main/server/actions/channelGroupSettings';
import {
  administersChannel,
  mayInRealmOrChannel,
  maySetChannelDeletion,
  type ChannelGrant,
} from '../../src-main/server/actions/channelPermission';
import { mayInRealm } from '../../src-main/server/actions/groupPermission';
import type { SettingRules } from '../../src-main/server/actions/groupSettingChange';
import { realmGroupSettings } from '../../src-main/server/actions/realmGroupSettings';
import type { RealmGroupSettingColumn } from '../../src-main/server/store/realm';
import { Sql } from '../../src-main/server/store/sql';
import {
  streamById,
  type ChannelGroupSettingColumn,
  type StreamRow,
} from '../../src-main/server/store/streams';
import { userById, type UserRow } from '../../src-main/server/store/users';
import type { InitialState } from '../../src-main/wire/registerState';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

// Each organization permission the window offers, the group setting the
// host decides the same action by, and how, where not by the setting alone.
type RealmDecision = (sql: Sql, user: UserRow) => boolean;
const actions: [keyof ReaderPermissions, RealmGroupSettingColumn, RealmDecision?][] = [
  ['editTopic', 'can_move_messages_between_topics_group'],
  ['moveBetweenChannels', 'can_move_messages_between_channels_group'],
  ['resolveTopic', 'can_resolve_topics_group'],
  ['deleteAny', 'can_delete_any_message_group'],
  ['deleteOwn', 'can_delete_own_message_group'],
  ['createPublicChannel', 'can_create_public_channel_group'],
  ['createPrivateChannel', 'can_create_private_channel_group'],
  ['invite', 'can_invite_users_group'],
  ['createInviteLink', 'create_multiuse_invite_group'],
  ['addCustomEmoji', 'can_add_custom_emoji_group'],
  ['mentionMany', 'can_mention_many_users_group'],
  ['sendDirectMessage', 'direct_message_permission_group'],
  ['startDirectMessage', 'direct_message_initiator_group'],
  ['createGroups', 'can_create_groups'],
  ['manageAllGroups', 'can_manage_all_groups'],
  ['createBots', 'can_create_bots_group'],
  ['createWriteOnlyBots', 'can_create_write_only_bots_group'],
  ['setChannelDeletion', 'can_set_delete_message_policy_group', maySetChannelDeletion],
];

// Each channel permission the window offers, the channel setting it rests
// on, and how the host decides the same action.
type HostDecision = (sql: Sql, user: UserRow, stream: StreamRow) => boolean;
const inChannel =
  (name: ChannelGroupSettingColumn): HostDecision =>
  (sql, user, stream) =>
    mayInChannel(sql, user, stream, name);
const orChannel =
  (action: ChannelGrant): HostDecision =>
  (sql, user, stream) =>
    mayInRealmOrChannel(sql, user, stream, action);
const channelActions: [keyof ChannelPermissions, ChannelGroupSettingColumn, HostDecision][] = [
  ['send', 'can_send_message_group', inChannel('can_send_message_group')],
  ['createTopic', 'can_create_topic_group', inChannel('can_create_topic_group')],
  ['administer', 'can_administer_channel_group', administersChannel],
  ['editTopic', 'can_move_messages_within_channel_group', orChannel('renameTopics')],
  ['moveOut', 'can_move_messages_out_of_channel_group', orChannel('moveOut')],
  ['resolveTopic', 'can_resolve_topics_group', orChannel('resolveTopics')],
  ['deleteAny', 'can_delete_any_message_group', orChannel('deleteAny')],
  ['deleteOwn', 'can_delete_own_message_group', orChannel('deleteOwn')],
];

const moderators = 3;
const members = 5;
const everyone = 6;
const nobody: GroupSettingValue = { direct_members: [], direct_subgroups: [] };

// Whether a setting of `rules` may hold `value`, as the host's validation has it.
function allowed(rules: SettingRules, value: GroupSettingValue): boolean {
  if (typeof value !== 'number') {
    return isNobody(value) ? rules.allowNobody : rules.requireSystemGroup !== true;
  }
  if (value === everyone && !rules.allowEveryone) return false;
  if (value > 7) return rules.requireSystemGroup !== true;
  return rules.allowedSystemGroups?.includes(value) ?? true;
}

describe('the host and the window decide every organization permission alike', () => {
  let org: Org;
  let people: [string, TestUser][];
  let inner: number;
  let outer: number;

  beforeAll(async () => {
    org = await startOrg();
    const named = async (name: string, role?: number) => {
      const user = await org.user(name);
      if (role !== undefined) await org.api(org.owner)('PATCH', `/users/${user.id}`, { role });
      return user;
    };
    people = [
      ['an owner', org.owner],
      ['an administrator', await named('admin', 200)],
      ['a moderator', await named('moderator', 300)],
      ['a member named directly', await named('alice')],
      ['a member of a group inside a group', await named('bob')],
      ['a guest', await named('guest', 600)],
    ];
    const bob = people[4]?.[1];
    inner = await makeGroup(org, 'inner', bob ? [bob.id] : []);
    outer = await makeGroup(org, 'outer', []);
    await org.api(org.owner)('POST', `/user_groups/${outer}/subgroups`, { add: [inner] });
  });
  afterAll(async () => {
    await org.close();
  });

  // The host's own module, on a connection of its own opened after each
  // change: a connection keeps the organization's row until it writes it.
  const asTheHostReads = <T>(read: (sql: Sql) => T): T => {
    const sql = new Sql(join(org.dataDir, 'hearth.sqlite3'));
    try {
      return read(sql);
    } finally {
      sql.close();
    }
  };

  const kinds = (): [string, GroupSettingValue][] => {
    const alice = people[3]?.[1].id ?? -1;
    return [
      ['a system group', moderators],
      ['members', members],
      ['everyone', everyone],
      ['a group holding a group', outer],
      ['people and a group, anonymously', { direct_members: [alice], direct_subgroups: [inner] }],
      ['nobody', nobody],
    ];
  };

  it('for each kind of value, for each person', async () => {
    const disagreements: string[] = [];
    let decided = 0;
    for (const [kind, value] of kinds()) {
      const settings = actions.filter(([, name]) => allowed(realmGroupSettings[name], value));
      const patch = Object.fromEntries(settings.map(([, name]) => [name, { new: value }]));
      expect((await org.api(org.owner)('PATCH', '/realm', patch)).json.result, kind).toBe(
        'success',
      );
      for (const [who, person] of people) {
        const registered = (
          await org.api(person)('POST', '/register', {
            fetch_event_types: ['realm', 'realm_user', 'realm_user_groups'],
          })
        ).json as InitialState;
        // The host still declares 7.0; read its state as a Zulip 12 client would.
        const window = readerMay({ ...registered, zulip_feature_level: 498 });
        asTheHostReads((sql) => {
          const row = userById(sql, person.id);
          if (!row) throw new Error(`${who} is not in the database`);
          for (const [action, name, decide] of settings) {
            const host = decide ? decide(sql, row) : mayInRealm(sql, row, name);
            decided += 1;
            if (host !== window[action]) {
              disagreements.push(
                `${name} = ${kind}, ${who}: host ${host}, window ${window[action]}`,
              );
            }
          }
        });
      }
    }
    expect(disagreements).toEqual([]);
    // Every action under every kind it may take, for six people.
    expect(decided).toBeGreaterThan(actions.length * 4 * people.length);
  });

  it("for each kind of value of a channel's settings, for each person", async () => {
    // The organization grants nothing of its own, so that the channel's settings decide.
    // (The test before leaves channel creation to nobody; the owner makes this one.)
    const realmNobody = Object.fromEntries(
      [
        'can_move_messages_between_topics_group',
        'can_move_messages_between_channels_group',
        'can_resolve_topics_group',
        'can_delete_any_message_group',
        'can_delete_own_message_group',
      ].map((name) => [name, { new: nobody }]),
    );
    const realm = { ...realmNobody, can_create_public_channel_group: { new: members } };
    expect((await org.api(org.owner)('PATCH', '/realm', realm)).json.result).toBe('success');
    const made = await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'agreement' }],
      principals: people.map(([, person]) => person.id),
    });
    expect(made.json.result).toBe('success');
    const channelId = (await org.api(org.owner)('GET', '/get_stream_id', { stream: 'agreement' }))
      .json.stream_id as number;
    const disagreements: string[] = [];
    let decided = 0;
    for (const [kind, value] of kinds()) {
      const settings = channelActions.filter(([, name]) =>
        allowed(channelGroupSettings[name], value),
      );
      const patch = Object.fromEntries(settings.map(([, name]) => [name, { new: value }]));
      const changed = await org.api(org.owner)('PATCH', `/streams/${channelId}`, patch);
      expect(changed.json.result, `${kind}: ${JSON.stringify(changed.json)}`).toBe('success');
      for (const [who, person] of people) {
        const registered = (
          await org.api(person)('POST', '/register', {
            fetch_event_types: ['realm', 'realm_user', 'realm_user_groups', 'subscription'],
          })
        ).json as InitialState;
        const window = channelPermissionsOf({ ...registered, zulip_feature_level: 498 })(channelId);
        asTheHostReads((sql) => {
          const stream = streamById(sql, channelId);
          const row = userById(sql, person.id);
          if (!stream || !row) throw new Error(`the channel or ${who} is not in the database`);
          for (const [action, name, host] of settings) {
            const hostMay = host(sql, row, stream);
            decided += 1;
            if (hostMay !== window[action]) {
              disagreements.push(
                `${name} = ${kind}, ${who}: host ${hostMay}, window ${window[action]}`,
              );
            }
          }
        });
      }
    }
    expect(disagreements).toEqual([]);
    expect(decided).toBeGreaterThan(channelActions.length * 4 * people.length);
  });
});
