import { z } from 'zod';

// Zulip's limits on names the window sends: the bridge's other calls take them too.
export const streamName = z.string().trim().min(1).max(60);
// The empty topic is Zulip 10's "general chat", which the server refuses where it is not allowed.
export const topicName = z.string().trim().max(60);
