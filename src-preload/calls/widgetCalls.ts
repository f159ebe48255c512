import { z } from 'zod';

// The bridge's part for Zulip's widgets: a message's poll or to-do list as
// the window draws it, rebuilt by main from the message's submessages (so it
// reads the same offline), and the one call that votes, adds an option or a
// task, or ticks a task. Main turns each into the submessage Zulip's clients
// send.

export const pollViewSchema = z.object({
  type: z.literal('poll'),
  /** Empty until the author asks one. */
  question: z.string(),
  /** The viewer wrote the poll, so may ask or change its question. */
  canAsk: z.boolean(),
  options: z.array(
    z.object({
      key: z.string(),
      option: z.string(),
      count: z.number().int(),
      /** The viewer votes for it. */
      voted: z.boolean(),
      /** Who votes for it, the viewer as "You", first. */
      voters: z.array(z.string()),
    }),
  ),
});

export const todoViewSchema = z.object({
  type: z.literal('todo'),
  /** Null when the list has no name of its own. */
  title: z.string().nullable(),
  tasks: z.array(
    z.object({ key: z.string(), task: z.string(), desc: z.string(), completed: z.boolean() }),
  ),
});

export const messageWidgetSchema = z.discriminatedUnion('type', [pollViewSchema, todoViewSchema]);
export type MessageWidget = z.infer<typeof messageWidgetSchema>;
export type PollView = z.infer<typeof pollViewSchema>;
export type TodoView = z.infer<typeof todoViewSchema>;

const key = z.string().min(1).max(100);
const text = z.string().trim().min(1).max(1000);

export const widgetActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('vote'), key }),
  z.object({ kind: z.literal('addOption'), option: text }),
  z.object({ kind: z.literal('question'), question: text }),
  z.object({ kind: z.literal('addTask'), task: text, desc: z.string().trim().max(1000) }),
  z.object({ kind: z.literal('strike'), key }),
]);

export type WidgetAction = z.infer<typeof widgetActionSchema>;

export const widgetBridgeCalls = {
  /**
   * Votes for a poll's option (or takes the vote back), adds an option or a
   * task, or ticks a task (or unticks it); the server's event then changes
   * the feed. Refused while offline.
   */
  widgetAction: {
    args: z.object({ messageId: z.number().int().positive(), action: widgetActionSchema }),
    result: z.object({}),
  },
} as const;
