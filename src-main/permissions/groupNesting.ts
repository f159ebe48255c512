import type { UserGroup } from '../wire';

/** A group and every group inside it, however deep (Zulip's get_recursive_subgroups). */
export function recursiveSubgroupIds(
  groups: readonly Pick<UserGroup, 'id' | 'direct_subgroup_ids'>[],
  groupId: number,
): Set<number> {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const found = new Set<number>();
  const pending = [groupId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(byId.get(id)?.direct_subgroup_ids ?? []));
  }
  return found;
}
