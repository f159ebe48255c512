import { pythonJsonDumps } from '../shape/pythonJson';

export type WidgetType = 'poll' | 'todo';

// Python's str.splitlines boundaries, the ASCII separators among them.
// eslint-disable-next-line no-control-regex
const lineBreaks = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;

// A list marker before an option, as Zulip drops it ("- Tea", "* Coffee").
const listMarker = /^\s*[-*]?\s*/;

// Zulip 7.0's poll extra_data: the first line is the question, every other
// non-blank line an option.
function pollExtraData(rest: string): { question: string; options: string[] } {
  const lines = rest === '' ? [] : rest.split(lineBreaks);
  const question = lines.shift()?.trim() ?? '';
  const options = lines
    .map((line) => line.trim().replace(listMarker, ''))
    .filter((option) => option.length > 0);
  return { question, options };
}

/**
 * Zulip 7.0's get_widget_data: a message whose first word is `/poll` or
 * `/todo` opens that widget. Its first submessage's content, as Zulip stores
 * it; null for any other message. Zulip 7.0's to-do list takes nothing from
 * the message (extra_data null); later versions read tasks from it.
 */
export function widgetSubmessageContent(content: string): string | null {
  const first = content.split(/\s+/)[0] ?? '';
  const widgetType = first.slice(1);
  if (!first.startsWith('/') || (widgetType !== 'poll' && widgetType !== 'todo')) return null;
  const rest = content.replace(first, '').trim();
  const extraData = widgetType === 'poll' ? pollExtraData(rest) : null;
  return pythonJsonDumps({ widget_type: widgetType, extra_data: extraData });
}

/** The widget a first submessage's content opened, or null for content that names none. */
export function widgetTypeOf(content: string | undefined): string | null {
  if (content === undefined) return null;
  try {
    const data: unknown = JSON.parse(content);
    const type = (data as { widget_type?: unknown } | null)?.widget_type;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}
