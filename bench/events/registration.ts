import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest } from '../server/httpConnection';
import { concurrently } from './concurrently';

// Enough requests in flight to keep the host busy, few enough sockets to keep
// the load generator light.
const CONNECTIONS = 16;

async function asUser<R>(
  url: string,
  user: Credentials,
  work: (request: (request: HttpRequest) => Promise<string>) => Promise<R>,
): Promise<R> {
  const connection = await HttpConnection.open(url, user.authorization);
  try {
    return await work(async (request) => {
      const response = await connection.request(request);
      if (response.status !== 200) {
        throw new Error(`${request.method} ${request.path} failed: ${response.body}`);
      }
      return response.body;
    });
  } finally {
    connection.close();
  }
}

/** One authenticated request per user, so that what the host keeps per user is in place before queues are counted. */
export async function signInEveryone(url: string, users: readonly Credentials[]): Promise<void> {
  await concurrently(users, CONNECTIONS, (user) =>
    asUser(url, user, (request) => request({ method: 'GET', path: '/api/v1/users/me' })),
  );
}

/**
 * POST /register for every queue of every user, for message events only, as a
 * client that only shows messages would; returns each user's queue IDs.
 */
export async function registerQueues(
  url: string,
  users: readonly { credentials: Credentials; queues: number }[],
): Promise<string[][]> {
  const body = new URLSearchParams({ event_types: '["message"]' }).toString();
  return concurrently(users, CONNECTIONS, ({ credentials, queues }) =>
    asUser(url, credentials, async (request) => {
      const ids: string[] = [];
      for (let index = 0; index < queues; index++) {
        const registered = await request({ method: 'POST', path: '/api/v1/register', body });
        ids.push((JSON.parse(registered) as { queue_id: string }).queue_id);
      }
      return ids;
    }),
  );
}
