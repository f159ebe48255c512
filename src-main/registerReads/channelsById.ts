import type { InitialState } from '../wire/registerState';

/** A channel as register lists it, with whatever fields the server sent. */
export type StateChannel = { stream_id: number } & Record<string, unknown>;

/**
 * Every channel the state holds, by ID, built once for a pass over many:
 * where several lists hold one, the subscription wins (it carries the
 * channel's fields and the reader's own settings), then the once-subscribed,
 * the never-subscribed, and `streams`.
 */
export function channelsById(state: InitialState): Map<number, StateChannel> {
  const lists = [state.streams, state.never_subscribed, state.unsubscribed, state.subscriptions];
  const channels = new Map<number, StateChannel>();
  for (const list of lists) {
    for (const channel of list ?? []) channels.set(channel.stream_id, channel as StateChannel);
  }
  return channels;
}
