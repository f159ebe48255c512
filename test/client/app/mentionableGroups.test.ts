import { describe, expect, it } from 'vitest';
import { mentionableGroups } from '../../../src-main/client/admin/userGroups';
import type { InitialState } from '../../../src-main/wire/registerState';

const group = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  description: `${name} people`,
  members: [],
  direct_subgroup_ids: [],
  is_system_group: false,
  ...extra,
});

// Alice (4) is a gardener; who may mention each group is its can_mention_group.
const state = {
  zulip_feature_level: 440,
  user_id: 4,
  realm_user_groups: [
    { ...group(6, 'role:everyone'), members: [4], is_system_group: true },
    group(8, 'role:nobody', { is_system_group: true }),
    group(10, 'gardeners', { members: [4], can_mention_group: 6 }),
    group(11, 'board', { can_mention_group: 8 }),
    group(12, 'cooks', { can_mention_group: { direct_members: [4], direct_subgroups: [] } }),
    group(13, 'retired', { can_mention_group: 6, deactivated: true }),
    group(14, 'zulip8', { can_mention_group_id: 8 }),
    group(15, 'hearth'),
  ],
} as unknown as InitialState;

describe('the groups the compose box completes', () => {
  it('are those the reader may mention, leaving out system and deactivated groups', () => {
    expect(mentionableGroups(state).map((each) => each.name)).toEqual([
      'cooks',
      'gardeners',
      'hearth',
    ]);
  });
});
