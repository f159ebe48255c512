// Every bench prints figures for the work their labels name: so many sends
// acknowledged, so many events delivered, pages of so many messages. When a
// host refuses part of that work (a rate limit, an error) or hands back less
// than was asked, the figure would be for a different, smaller workload, so
// the bench stops and says which figure and what was missing instead.

/** Why a bench stopped: the work a figure names was not all done. */
export class ShortWorkload extends Error {
  constructor(
    readonly figure: string,
    readonly missing: string,
  ) {
    super(`${figure}: ${missing}`);
    this.name = 'ShortWorkload';
  }
}

const count = (n: number) => n.toLocaleString('en');

/** Stops the bench unless `done` of the `asked` units (`what`) of a figure's work were done. */
export function requireAll(figure: string, what: string, done: number, asked: number): void {
  if (done !== asked) throw new ShortWorkload(figure, `${count(done)} of ${count(asked)} ${what}`);
}

/** An answer the host gave a bench's request. */
export interface Answer {
  status: number;
  body: string;
}

/** Stops the bench unless the host accepted `request`; what it said is part of the message. */
export function requireAccepted(figure: string, request: string, answer: Answer): void {
  if (answer.status === 200) return;
  throw new ShortWorkload(figure, `${request} was refused: ${describeAnswer(answer)}`);
}

/** The status and the start of the body, as a stop message quotes them. */
export function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.body.slice(0, 200)}`;
}

/** The ID of a message the host acknowledged, or a stop naming the figure it was sent for. */
export function acknowledgedId(figure: string, answer: Answer): number {
  requireAccepted(figure, 'POST /messages', answer);
  const { id } = JSON.parse(answer.body) as { id?: unknown };
  if (typeof id !== 'number') {
    throw new ShortWorkload(figure, `POST /messages answered without a message ID: ${answer.body}`);
  }
  return id;
}

/**
 * How a bench's process ends on an error: a short workload as one line that
 * says the bench stopped and why, anything else with its stack. Exit code 1
 * either way, so that `npm run bench` goes no further.
 */
export function endBench(error: unknown): never {
  if (error instanceof ShortWorkload) {
    console.error(
      `[bench] STOPPED, no figure printed: ${error.message}. ` +
        'A figure for less work than its label says would mislead.',
    );
  } else {
    console.error(error);
  }
  process.exit(1);
}

/** The header line of a bench whose hosts run without rate limits, and why. */
export const rateLimitsOff = (figures: string): string =>
  `hosts run without rate limits: ${figures} are not about rate limiting, ` +
  "and Zulip's 200 requests a minute per user would refuse most of their workload";
