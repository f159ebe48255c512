import { z } from 'zod';
import { topicName } from './names';

// The bridge's part for deleting a topic (Zulip's delete_topic, for
// organization administrators, as the snapshot's `may.deleteTopics` says).
// The server's delete_message events then take the messages out of the window.

const topicOfChannel = z.object({ streamId: z.number().int().positive(), topic: topicName });

export const topicDeletionBridgeCalls = {
  /** How many messages the topic has, where this computer holds all of them; else null. */
  topicMessageCount: {
    args: topicOfChannel,
    result: z.object({ count: z.number().int().nullable() }),
  },
  deleteTopic: { args: topicOfChannel, result: z.object({}) },
} as const;
