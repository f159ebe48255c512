import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupSettingValue } from '../../src-main/permissions/groupSettings';
import { readerMay, type ReaderPermissions } from '../../src-main/permissions/readerPermissions';
import { mayInRealm } from '../../src-main/server/actions/groupPermission';
import type { SettingRules } from '../../src-main/server/actions/groupSettingChange';
import { realmGroupSettings } from '../../src-main/server/actions/realmGroupSettings';
import type { RealmGroupSettingColumn } from '../../src-main/server/store/realm';
import { Sql } from '../../src-main/server/store/sql';
import { userById } from '../../src-main/server/store/users';
import type { InitialState } from '../../src-main/wire/registerState';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { makeGroup } from '../helpers/userGroups';

// Each organization permission the window offers, and the group setting
// the host decides the same action by.
const actions: [keyof ReaderPermissions, RealmGroupSettingColumn][] = [
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
];

const moderators = 3;
const members = 5;
const everyone = 6;
const nobody: GroupSettingValue = { direct_members: [], direct_subgroups: [] };

// Whether a setting of `rules` may hold `value`, as the host's validation has it.
function allowed(rules: SettingRules, value: GroupSettingValue): boolean {
  if (typeof value !== 'number') {
    const isNobody = value.direct_members.length + value.direct_subgroups.length === 0;
    return isNobody ? rules.allowNobody : rules.requireSystemGroup !== true;
  }
  if (value === everyone && !rules.allowEveryone) return false;
  if (value > 7) return rules.requireSystemGroup !== true;
  return rules.allowedSystemGroups?.includes(value) ?? true;
}

describe('the host and the window decide every organization permission alike', () => {
  let org: Org;
  let sql: Sql;
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
    sql = new Sql(join(org.dataDir, 'hearth.sqlite3'));
  });
  afterAll(async () => {
    sql.close();
    await org.close();
  });

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
        const row = userById(sql, person.id);
        if (!row) throw new Error(`${who} is not in the database`);
        for (const [action, name] of settings) {
          const host = mayInRealm(sql, row, name);
          decided += 1;
          if (host !== window[action]) {
            disagreements.push(`${name} = ${kind}, ${who}: host ${host}, window ${window[action]}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Every action under every kind it may take, for six people.
    expect(decided).toBeGreaterThan(actions.length * 4 * people.length);
  });
});
