import { closeClients, openClients, streamMessage } from './clients';
import type { Credentials } from './credentials';
import { closedLoop, type LoadResult } from './load';
import { alternate } from './rounds';
import { requireAccepted } from './workload';

export const NESTED_FIGURE =
  'POST /messages by a member of a group nested three deep (the channel names the outermost)';
export const ADMIN_FIGURE = 'the same by an administrator (the channel names administrators)';

// Zulip's system group of administrators, the same ID in every Hearth organization.
const ADMINISTRATORS = 2;

/** Calls the host as `user`, stopping the bench unless it accepts. */
async function call(
  url: string,
  user: Credentials,
  method: string,
  path: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams(
    Object.entries(params).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { authorization: user.authorization },
    body,
  });
  const text = await response.text();
  requireAccepted(NESTED_FIGURE, `${method} ${path}`, { status: response.status, body: text });
  return JSON.parse(text) as Record<string, unknown>;
}

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
  const half = Math.floor(clients.length / 2);
  const admins = clients.slice(0, half);
  const members = clients.slice(half, 2 * half);
  // The owner, among the clients, is one already.
  for (const admin of admins.filter((client) => client.id !== owner.id)) {
    await call(url, owner, 'PATCH', `/users/${admin.id}`, { role: 200 });
  }
  const group = async (name: string, memberIds: number[], inside?: number) => {
    const made = await call(url, owner, 'POST', '/user_groups/create', {
      name,
      description: 'bench',
      members: memberIds,
    });
    const id = made.group_id as number;
    if (inside !== undefined) {
      await call(url, owner, 'POST', `/user_groups/${id}/subgroups`, { add: [inside] });
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
    await call(url, owner, 'POST', '/users/me/subscriptions', {
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
