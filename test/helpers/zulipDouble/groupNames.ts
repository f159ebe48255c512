import { badRequest } from './errors';
import type { Org } from './org';

const maxNameLength = 100;
// Names Zulip keeps for its own syntax and system groups.
const reservedPrefixes = ['@', 'role:', 'user:', 'stream:', 'channel:'];

/** A group's name as Zulip's check_user_group_name takes it, and unique among the organization's groups. */
export function checkGroupName(org: Org, name: string, exceptGroupId?: number): string {
  if (name.trim() === '') throw badRequest("User group name can't be empty!");
  if ([...name].length > maxNameLength) {
    throw badRequest(`User group name cannot exceed ${maxNameLength} characters.`);
  }
  const prefix = reservedPrefixes.find((each) => name.startsWith(each));
  if (prefix !== undefined) throw badRequest(`User group name cannot start with '${prefix}'.`);
  const clash = [...org.groups.values()].find(
    (group) => group.id !== exceptGroupId && group.name.toLowerCase() === name.toLowerCase(),
  );
  if (clash) throw badRequest(`User group '${name}' already exists.`);
  return name;
}
