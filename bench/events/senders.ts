import { streamMessage } from '../server/clients';
import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest } from '../server/httpConnection';
import type { SendTiming } from './fanOut';

// Everyday messages: a little Markdown, a link, a code span.
const contents = [
  'The **release notes** for this week are up: https://hearth.example/notes. Shout if anything is missing.',
  'Deploy of `hearth-server` finished; the queue latency graph looks flat again. Thanks, all!',
  'Reminder: the design review moved to *Thursday 3 pm*. Agenda in the usual doc, add your items.',
];

export interface Sender<A> {
  send(argument: A): Promise<SendTiming>;
  close(): void;
}

async function timed(connection: HttpConnection, request: HttpRequest): Promise<SendTiming> {
  const issuedAt = performance.now();
  const response = await connection.request(request);
  const ackedAt = performance.now();
  if (response.status !== 200)
    throw new Error(`a send failed (${response.status}): ${response.body}`);
  return { issuedAt, ackedAt };
}

/** POST /messages to the fan-out stream, a different body each round. */
export async function hostSender(
  url: string,
  sender: Credentials,
  stream: string,
): Promise<Sender<number>> {
  const connection = await HttpConnection.open(url, sender.authorization);
  const message = streamMessage(stream, contents);
  return {
    send: (round) => timed(connection, message(sender, round)),
    close: () => connection.close(),
  };
}

/** POST /send of a delivered event to the bare long-poll server. */
export async function bareSender(url: string): Promise<Sender<string>> {
  const connection = await HttpConnection.open(url);
  return {
    send: (event) => timed(connection, { method: 'POST', path: '/send', body: event }),
    close: () => connection.close(),
  };
}
