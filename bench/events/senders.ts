import { streamMessage } from '../server/clients';
import type { Credentials } from '../server/credentials';
import { HttpConnection, type HttpRequest } from '../server/httpConnection';
import { requireAccepted } from '../server/workload';
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

/** The figure every fan-out send is for. */
export const deliveryFigure = (pollers: number) =>
  `delivery to ${pollers.toLocaleString('en')} clients after the send's ack`;

async function timed(
  connection: HttpConnection,
  request: HttpRequest,
  figure: string,
): Promise<SendTiming> {
  const issuedAt = performance.now();
  const response = await connection.request(request);
  const ackedAt = performance.now();
  requireAccepted(figure, `${request.method} ${request.path}`, response);
  return { issuedAt, ackedAt };
}

/** POST /messages to the fan-out stream, a different body each round, for `figure`. */
export async function hostSender(
  url: string,
  sender: Credentials,
  stream: string,
  figure: string,
): Promise<Sender<number>> {
  const connection = await HttpConnection.open(url, sender.authorization);
  const message = streamMessage(stream, contents);
  return {
    send: (round) => timed(connection, message(sender, round), figure),
    close: () => connection.close(),
  };
}

/** POST /send of a delivered event to the bare long-poll server, for `figure`. */
export async function bareSender(url: string, figure: string): Promise<Sender<string>> {
  const connection = await HttpConnection.open(url);
  return {
    send: (event) => timed(connection, { method: 'POST', path: '/send', body: event }, figure),
    close: () => connection.close(),
  };
}
