import { submessageSchema } from '../wire/submessages';

/** One submessage of a widget, its content parsed. */
export interface WidgetEvent {
  senderId: number;
  data: unknown;
}

export interface WidgetSource {
  sender_id: number;
  submessages: readonly unknown[];
}

/**
 * A message's widget as Zulip's web app reads it: the submessages in id
 * order, the first one (which only the message's sender may have sent)
 * naming the widget and its extra data, the rest its events. Null for a
 * message with none, or whose first came from someone else.
 */
export function widgetEvents(
  message: WidgetSource,
): { widgetType: unknown; extraData: unknown; events: WidgetEvent[] } | null {
  const rows = message.submessages
    .flatMap((raw) => {
      const parsed = submessageSchema.safeParse(raw);
      return parsed.success && parsed.data.msg_type === 'widget' ? [parsed.data] : [];
    })
    .sort((a, b) => a.id - b.id);
  const [first, ...rest] = rows;
  if (!first || first.sender_id !== message.sender_id) return null;
  const opened = parseJson(first.content) as { widget_type?: unknown; extra_data?: unknown } | null;
  if (opened === null || typeof opened !== 'object') return null;
  return {
    widgetType: opened.widget_type,
    extraData: opened.extra_data ?? null,
    events: rest.map((row) => ({ senderId: row.sender_id, data: parseJson(row.content) })),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The next index this person gives an option or a task (`indexOf` reads one
 * from an event, or null): past every one they sent, from any device, so
 * that `<index>,<sender>` keys never repeat.
 */
export function nextIndex(
  events: readonly WidgetEvent[],
  me: number,
  indexOf: (data: unknown) => number | null,
): number {
  let next = 1;
  for (const event of events) {
    const index = event.senderId === me ? indexOf(event.data) : null;
    if (index !== null) next = Math.max(next, index + 1);
  }
  return next;
}
