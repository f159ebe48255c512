/**
 * Where a message goes, as a sender addresses it: a stream by name or ID and
 * a topic, or people by email or ID. Sending, scheduling and a bot's replies
 * all take it.
 */
export type Destination =
  | { type: 'stream'; stream: string | number; topic: string }
  | { type: 'private'; to: readonly (string | number)[] };
