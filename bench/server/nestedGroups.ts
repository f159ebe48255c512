import { closeClients, openClients, streamMessage } from './clients';
import type { Credentials } from './credentials';
import { closedLoop, type LoadResult } from './load';
import { alternate } from './rounds';
import { acceptedCall } from './hostApi';

export const NESTED_FIGURE =
  'POST /messages by a member of a group nested three deep (the channel names the outermost)';
export const ADMIN_FIGURE = 'the same by an administrator (the channel names administrators)';

// Zulip's system group of administrators, the same ID in every Hearth organization.
const ADMINISTRATORS = 2;

/**
 * Issue 52, point 9: what deciding through nested groups costs a send. Half
 * the clients become administrators and post to a channel only
 * administrators may post in; the other half post to a channel that names
 * a group holding a group holding the group they are in. Both channels have
 * the same subscribers, the sends alternate in rounds on the same host.
 */
export async function measureNestedGroupSends(
  url: string,
  owner: Credentials,
  clients: readonly Credentials[],
  contents: readonly string[],
  rounds: number,
  roundSeconds: number,
): Promise<{ nested: LoadResult; admin: LoadResult }> {
  // The setup is the owner's; a refusal stops the bench.
  const asOwner = (method: string, path: string, params: Record<string, unknown>) =>
    acceptedCall(url, NESTED_FIGURE, {
      method,
      path,
      params,
      authorization: owner.authorization,
    });
  const half = Math.floor(clients.length / 2);
  const admins = clients.slice(0, half);
  const members = clients.slice(half, 2 * half);
  // The owner, among the clients, is one already.
  for (const admin of admins.filter((client) => client.id !== owner.id)) {
    await asOwner('PATCH', `/users/${admin.id}`, { role: 200 });
  }
  const group = async (name: string, memberIds: number[], inside?: number) => {
    const made = await asOwner('POST', '/user_groups/create', {
      name,
      description: 'bench',
      members: memberIds,
    });
    const id = made.group_id as number;
    if (inside !== undefined) {
      await asOwner('POST', `/user_groups/${id}/subgroups`, { add: [inside] });
    }
    return id;
  };
  const inner = await group(
    'bench inner',
    members.map((member) => member.id),
  );
  const outer = await group('bench outer', [], await group('bench middle', [], inner));
  const everyone = clients.map((client) => client.id);
  for (const [name, sendGroup] of [
    ['bench nested', outer],
    ['bench administrators', ADMINISTRATORS],
  ] as const) {
    await asOwner('POST', '/users/me/subscriptions', {
      subscriptions: [{ name }],
      principals: everyone,
      can_send_message_group: sendGroup,
    });
  }
  const nestedClients = await openClients(url, members, streamMessage('bench nested', contents));
  const adminClients = await openClients(
    url,
    admins,
    streamMessage('bench administrators', contents),
  );
  await closedLoop(nestedClients, 1, NESTED_FIGURE);
  await closedLoop(adminClients, 1, ADMIN_FIGURE);
  const results = await alternate(rounds, {
    nested: () => closedLoop(nestedClients, roundSeconds, NESTED_FIGURE),
    admin: () => closedLoop(adminClients, roundSeconds, ADMIN_FIGURE),
  });
  closeClients(nestedClients);
  closeClients(adminClients);
  return results;
}
