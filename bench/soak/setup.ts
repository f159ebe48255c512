import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Credentials } from '../server/credentials';
import { acceptedCall } from '../server/hostApi';

const password = 'soak test password';

/**
 * The organization the soak runs in, made through the owner's API over
 * loopback (its zuliprc): `count` users, each signed in with its own key,
 * all subscribed to one stream.
 */
export async function setUpOrganization(
  dataDir: string,
  count: number,
  figure: string,
): Promise<{ users: Credentials[]; stream: { name: string; id: number } }> {
  const rc = await readFile(join(dataDir, 'zuliprc'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(rc)?.[1] ?? '';
  const site = field('site');
  const basic = (email: string, key: string) =>
    `Basic ${Buffer.from(`${email}:${key}`).toString('base64')}`;
  const owner = basic(field('email'), field('key'));
  const call = (path: string, params: Record<string, string>, authorization?: string) =>
    acceptedCall(site, figure, {
      method: 'POST',
      path: `/${path}`,
      params,
      ...(authorization ? { authorization } : {}),
    });

  const users: Credentials[] = [];
  for (let n = 1; n <= count; n += 1) {
    const email = `soak${n}@soak.hearth.local`;
    await call('users', { email, full_name: `Soak ${n}`, password }, owner);
    const key = await call('fetch_api_key', { username: email, password });
    users.push({
      id: key.user_id as number,
      email,
      authorization: basic(email, key.api_key as string),
    });
  }
  const name = 'soak';
  await call(
    'users/me/subscriptions',
    {
      subscriptions: JSON.stringify([{ name }]),
      principals: JSON.stringify(users.map((user) => user.id)),
    },
    owner,
  );
  const found = await fetch(`${site}/api/v1/get_stream_id?stream=${name}`, {
    headers: { authorization: owner },
  });
  const { stream_id: id } = (await found.json()) as { stream_id: number };
  return { users, stream: { name, id } };
}
