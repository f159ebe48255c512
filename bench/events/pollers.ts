import { HttpConnection } from '../server/httpConnection';
import { requireAccepted, ShortWorkload } from '../server/workload';

export interface PollerSpec {
  authorization?: string;
  /** The GET path of the next poll, acknowledging every event up to `lastEventId`. */
  pathFor(lastEventId: number): string;
  lastEventId: number;
}

interface Poller extends PollerSpec {
  connection: HttpConnection;
  answer: Promise<Answer> | undefined;
}

interface Answer {
  /** performance.now() when the whole response had arrived. */
  at: number;
  status: number;
  body: string;
}

export interface Collected {
  /** When each poller's answer arrived, in poller order. */
  arrivals: number[];
  /** Message events among the answers. */
  messages: number;
  /** Answers that held at least one message event. */
  withMessage: number;
  /** One message event as delivered, for the baseline to send alike. */
  messageEvent: string | undefined;
}

interface EventsBody {
  events?: { id: number; type: string }[];
}

/**
 * Long-polling clients, one keep-alive connection each. Only the arrival
 * time is taken while answers come in; bodies are read once all are in, so
 * that the client side adds as little as it can to the latency it measures.
 */
export class PollerGroup {
  private constructor(private readonly pollers: Poller[]) {}

  static async open(url: string, specs: readonly PollerSpec[]): Promise<PollerGroup> {
    const pollers = await Promise.all(
      specs.map(async (spec) => ({
        ...spec,
        connection: await HttpConnection.open(url, spec.authorization),
        answer: undefined,
      })),
    );
    return new PollerGroup(pollers);
  }

  get size(): number {
    return this.pollers.length;
  }

  /** Sends the next poll of every poller not already waiting. */
  pollAll(): void {
    for (const poller of this.pollers) {
      if (poller.answer) continue;
      const answer = poller.connection
        .request({ method: 'GET', path: poller.pathFor(poller.lastEventId) })
        .then((response) => ({ at: performance.now(), ...response }));
      // Until collected, a closed connection must not be an unhandled rejection.
      answer.catch(() => undefined);
      poller.answer = answer;
    }
  }

  /**
   * Waits for every poller's answer and takes the IDs to acknowledge next; a
   * refused poll, or one unanswered after `timeoutMs`, stops the bench for `figure`.
   */
  async collect(timeoutMs: number, figure: string): Promise<Collected> {
    let arrived = 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ShortWorkload(
              figure,
              `${arrived} of ${this.size} polls answered in ${timeoutMs} ms`,
            ),
          ),
        timeoutMs,
      );
    });
    const answers = await Promise.race([
      Promise.all(
        this.pollers.map(async (poller) => {
          const answer = await poller.answer;
          arrived += 1;
          poller.answer = undefined;
          return answer;
        }),
      ),
      timeout,
    ]).finally(() => clearTimeout(timer));
    return this.read(answers, figure);
  }

  close(): void {
    for (const poller of this.pollers) poller.connection.close();
  }

  private read(answers: readonly (Answer | undefined)[], figure: string): Collected {
    const collected: Collected = {
      arrivals: [],
      messages: 0,
      withMessage: 0,
      messageEvent: undefined,
    };
    answers.forEach((answer, index) => {
      const poller = this.pollers[index];
      if (!answer || !poller) throw new Error(`poller ${index} was not polling`);
      requireAccepted(figure, `poll ${index + 1}`, answer);
      const { events = [] } = JSON.parse(answer.body) as EventsBody;
      let messages = 0;
      for (const event of events) {
        poller.lastEventId = Math.max(poller.lastEventId, event.id);
        if (event.type !== 'message') continue;
        messages += 1;
        collected.messageEvent ??= JSON.stringify(event);
      }
      collected.messages += messages;
      if (messages > 0) collected.withMessage += 1;
      collected.arrivals.push(answer.at);
    });
    return collected;
  }
}
