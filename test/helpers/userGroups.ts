import type { Org } from './org';

/** Makes a user group as the organization's owner; resolves to its ID. */
export async function makeGroup(
  org: Org,
  name: string,
  memberIds: readonly number[] = [],
): Promise<number> {
  const made = await org.api(org.owner)('POST', '/user_groups/create', {
    name,
    description: '',
    members: memberIds,
  });
  if (made.json.result !== 'success') throw new Error(`making group ${name}: ${made.json.msg}`);
  return made.json.group_id as number;
}
