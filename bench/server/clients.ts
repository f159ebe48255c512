import type { Credentials } from './credentials';
import { HttpConnection, type HttpRequest } from './httpConnection';
import type { LoadClient } from './load';

export type RequestFor = (user: Credentials, n: number) => HttpRequest;

/** One keep-alive connection per user, each signed in as its user. */
export async function openClients(
  url: string,
  users: readonly Credentials[],
  requestFor: RequestFor,
  authenticated = true,
): Promise<LoadClient[]> {
  return Promise.all(
    users.map(async (user) => ({
      connection: await HttpConnection.open(url, authenticated ? user.authorization : undefined),
      request: (n: number) => requestFor(user, n),
    })),
  );
}

export function closeClients(clients: readonly LoadClient[]): void {
  for (const client of clients) client.connection.close();
}

/** A stream message as a Zulip client posts it, with one of the organization's bodies. */
export function streamMessage(stream: string, contents: readonly string[]): RequestFor {
  return (_user, n) => ({
    method: 'POST',
    path: '/api/v1/messages',
    body: new URLSearchParams({
      type: 'stream',
      to: stream,
      topic: `bench ${n % 20}`,
      content: contents[n % contents.length] ?? 'hello',
    }).toString(),
  });
}

/** The same message for the bare ceiling, which authenticates nobody and is told the sender. */
export function bareStreamMessage(stream: string, contents: readonly string[]): RequestFor {
  const message = streamMessage(stream, contents);
  return (user, n) => {
    const request = message(user, n);
    return { ...request, body: `${request.body ?? ''}&sender_id=${user.id}` };
  };
}

export const ownProfile: RequestFor = () => ({ method: 'GET', path: '/api/v1/users/me' });

/** Messages each timed read asks for, the newest of its narrow. */
export const PAGE_SIZE = 100;

export function messagesIn(narrow: readonly { operator: string; operand: string }[]): HttpRequest {
  const query = new URLSearchParams({
    anchor: 'newest',
    num_before: String(PAGE_SIZE),
    num_after: '0',
    narrow: JSON.stringify(narrow),
  });
  return { method: 'GET', path: `/api/v1/messages?${query}` };
}
