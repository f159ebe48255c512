import { nextIndex, widgetEvents, type WidgetSource } from './events';
import { optionIndex, pollState, voteData, type PollState } from './poll';
import { taskIndex, todoState, type TodoState } from './todo';

export type { PollOption, PollState } from './poll';
export type { TodoState, TodoTask } from './todo';
export type { WidgetSource } from './events';

export type WidgetState = PollState | TodoState;

/**
 * The poll or to-do list a message holds, rebuilt from its submessages alone
 * (so the same from the cache offline as live); null for any other message,
 * or a widget Hearth does not draw (Zulip's zform).
 */
export function widgetOf(message: WidgetSource): WidgetState | null {
  const opened = widgetEvents(message);
  if (!opened) return null;
  if (opened.widgetType === 'poll') {
    return pollState(message.sender_id, opened.extraData, opened.events);
  }
  if (opened.widgetType === 'todo') {
    return todoState(message.sender_id, opened.extraData, opened.events);
  }
  return null;
}

/** What a person does to a widget, before it becomes a submessage. */
export type WidgetAction =
  | { kind: 'vote'; key: string }
  | { kind: 'addOption'; option: string }
  | { kind: 'question'; question: string }
  | { kind: 'addTask'; task: string; desc: string }
  | { kind: 'strike'; key: string };

/**
 * The content of the submessage that does the action, in the format Zulip's
 * clients send, or null when the message has no widget that takes it. A new
 * option or task takes an index past `atLeast` too: one this person sent a
 * moment ago whose event has not come back yet.
 */
export function widgetSubmessage(
  message: WidgetSource,
  me: number,
  action: WidgetAction,
  atLeast = 0,
): Record<string, unknown> | null {
  const widget = widgetOf(message);
  const events = widgetEvents(message)?.events ?? [];
  if (widget?.type === 'poll') {
    if (action.kind === 'vote') return voteData(widget, action.key, me);
    // Only the poll's author asks, as Zulip checks.
    if (action.kind === 'question' && me === widget.authorId) {
      return { type: 'question', question: action.question };
    }
    if (action.kind === 'addOption') {
      const idx = Math.max(nextIndex(events, me, optionIndex), atLeast);
      return { type: 'new_option', idx, option: action.option };
    }
  }
  if (widget?.type === 'todo') {
    if (action.kind === 'addTask') {
      const key = Math.max(nextIndex(events, me, taskIndex), atLeast);
      return { type: 'new_task', key, task: action.task, desc: action.desc, completed: false };
    }
    if (action.kind === 'strike') return { type: 'strike', key: action.key };
  }
  return null;
}
