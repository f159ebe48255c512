import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest } from '../server/httpConnection';
import { requireAccepted, requireAll } from '../server/workload';
import { concurrently } from './concurrently';

// Enough requests in flight to keep the host busy, few enough sockets to keep
// the load generator light.
const CONNECTIONS = 16;

/** Requests as `user`; a refused one stops the bench, naming `figure`. */
async function asUser<R>(
  url: string,
  user: Credentials,
  figure: string,
  work: (request: (request: HttpRequest) => Promise<string>) => Promise<R>,
): Promise<R> {
  const connection = await HttpConnection.open(url, user.authorization);
  try {
    return await work(async (request) => {
      const response = await connection.request(request);
      requireAccepted(figure, `${request.method} ${request.path}`, response);
      return response.body;
    });
  } finally {
    connection.close();
  }
}

/** One authenticated request per user, so that what the host keeps per user is in place before queues are counted. */
export async function signInEveryone(url: string, users: readonly Credentials[]): Promise<void> {
  const figure = 'resident memory per idle queue: every user signed in first';
  await concurrently(users, CONNECTIONS, (user) =>
    asUser(url, user, figure, (request) => request({ method: 'GET', path: '/api/v1/users/me' })),
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
  const asked = users.reduce((sum, user) => sum + user.queues, 0);
  const figure = `POST /register, ${users.length.toLocaleString('en')} users, ${asked.toLocaleString('en')} queues`;
  const ids = await concurrently(users, CONNECTIONS, ({ credentials, queues }) =>
    asUser(url, credentials, figure, async (request) => {
      const ids: string[] = [];
      for (let index = 0; index < queues; index++) {
        const registered = await request({ method: 'POST', path: '/api/v1/register', body });
        const { queue_id: queueId } = JSON.parse(registered) as { queue_id?: string };
        if (queueId) ids.push(queueId);
      }
      return ids;
    }),
  );
  requireAll(figure, 'queues registered', ids.flat().length, asked);
  return ids;
}
