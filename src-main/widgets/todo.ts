import { z } from 'zod';
import type { WidgetEvent } from './events';

// Zulip's to-do widget (web/src/todo_widget.ts), computed from its
// submessages. Zulip 7.0 opens it with no extra data; later servers may name
// a title and tasks, which count as the list author's from the start.

export interface TodoTask {
  /** `<idx>,<sender_id>` (`canned` for a task of the /todo message), as strikes name it. */
  key: string;
  task: string;
  desc: string;
  completed: boolean;
}

export interface TodoState {
  type: 'todo';
  authorId: number;
  /** Null when nobody named the list: the window gives it its default name. */
  title: string | null;
  tasks: TodoTask[];
}

const maxIdx = 1000;

const extraDataSchema = z
  .object({
    task_list_title: z.string().optional().catch(undefined),
    tasks: z
      .array(z.object({ task: z.string(), desc: z.string() }))
      .optional()
      .catch(undefined),
  })
  .nullable()
  .catch(null);
const newTaskSchema = z.object({
  type: z.literal('new_task'),
  key: z.number().int().min(0).max(maxIdx),
  task: z.string(),
  desc: z.string(),
  completed: z.boolean(),
});
const strikeSchema = z.object({ type: z.literal('strike'), key: z.string() });
const titleSchema = z.object({ type: z.literal('new_task_list_title'), title: z.string() });

function addTask(todo: TodoState, key: string, task: Omit<TodoTask, 'key'>): void {
  // Zulip's clients keep a task name once.
  if (todo.tasks.some((known) => known.task === task.task)) return;
  const at = todo.tasks.findIndex((known) => known.key === key);
  if (at === -1) todo.tasks.push({ key, ...task });
  else todo.tasks[at] = { key, ...task };
}

function applyTodoEvent(todo: TodoState, event: WidgetEvent): void {
  const task = newTaskSchema.safeParse(event.data);
  if (task.success) {
    const { key, task: name, desc, completed } = task.data;
    addTask(todo, `${key},${event.senderId}`, { task: name, desc, completed });
    return;
  }
  const strike = strikeSchema.safeParse(event.data);
  if (strike.success) {
    const target = todo.tasks.find((known) => known.key === strike.data.key);
    if (target) target.completed = !target.completed;
    return;
  }
  const title = titleSchema.safeParse(event.data);
  if (title.success && event.senderId === todo.authorId) todo.title = title.data.title;
}

export function todoState(authorId: number, extraData: unknown, events: WidgetEvent[]): TodoState {
  const extra = extraDataSchema.parse(extraData);
  const todo: TodoState = {
    type: 'todo',
    authorId,
    title: extra?.task_list_title || null,
    tasks: [],
  };
  (extra?.tasks ?? []).forEach((task, i) => {
    addTask(todo, `${i},canned`, { ...task, completed: false });
  });
  for (const event of events) applyTodoEvent(todo, event);
  return todo;
}

/** The index of a new task in an event, or null for another event. */
export function taskIndex(data: unknown): number | null {
  const task = newTaskSchema.safeParse(data);
  return task.success ? task.data.key : null;
}
