import type { Stream } from '../wire';

/** A stream the user could join but never did, as `never_subscribed` lists it. */
export type NeverSubscribed = Stream & { stream_weekly_traffic: null; subscribers?: number[] };

// Python's ordering of str, which Zulip sorts the subscription lists by.
export const byStreamName = (a: { name: string }, b: { name: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
