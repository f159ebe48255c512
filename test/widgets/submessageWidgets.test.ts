import { describe, expect, it } from 'vitest';
import { widgetOf, widgetSubmessage, type WidgetSource } from '../../src-main/widgets';

// The poll and to-do list a message's submessages describe, as Zulip's web
// app computes them, and the submessages Hearth sends to act on them.

const author = 10;
const bob = 20;
const carol = 30;

function message(opening: unknown, events: [number, unknown][]): WidgetSource {
  const rows = [[author, opening] as [number, unknown], ...events].map(([sender, data], i) => ({
    id: 100 + i,
    message_id: 1,
    sender_id: sender,
    msg_type: 'widget',
    content: JSON.stringify(data),
  }));
  return { sender_id: author, submessages: rows };
}

const poll = (extra: unknown, events: [number, unknown][] = []) =>
  message({ widget_type: 'poll', extra_data: extra }, events);
const todo = (events: [number, unknown][] = [], extra: unknown = null) =>
  message({ widget_type: 'todo', extra_data: extra }, events);

describe('polls from submessages', () => {
  it('starts with the question and the options of the /poll message', () => {
    expect(widgetOf(poll({ question: 'Tea?', options: ['Yes', 'No', 'Yes'] }))).toEqual({
      type: 'poll',
      authorId: author,
      question: 'Tea?',
      options: [
        { key: 'canned,0', option: 'Yes', voterIds: [] },
        { key: 'canned,1', option: 'No', voterIds: [] },
      ],
    });
  });

  it('adds options, counts votes and takes them back, in the order they came', () => {
    const state = widgetOf(
      poll({ question: 'Tea?', options: ['Yes'] }, [
        [bob, { type: 'new_option', idx: 1, option: 'Later' }],
        [carol, { type: 'vote', key: `${bob},1`, vote: 1 }],
        [author, { type: 'vote', key: `${bob},1`, vote: 1 }],
        [carol, { type: 'vote', key: `${bob},1`, vote: 1 }],
        [bob, { type: 'vote', key: 'canned,0', vote: 1 }],
        [bob, { type: 'vote', key: 'canned,0', vote: -1 }],
        [bob, { type: 'vote', key: 'nowhere', vote: 1 }],
        [bob, { type: 'new_option', idx: 2, option: 'Yes' }],
      ]),
    );
    expect(state?.type === 'poll' && state.options).toEqual([
      { key: 'canned,0', option: 'Yes', voterIds: [] },
      { key: `${bob},1`, option: 'Later', voterIds: [carol, author] },
    ]);
  });

  it("lets only the poll's author change the question", () => {
    const state = widgetOf(
      poll({ question: '', options: [] }, [
        [bob, { type: 'question', question: 'Hijacked?' }],
        [author, { type: 'question', question: 'Lunch?' }],
      ]),
    );
    expect(state?.type === 'poll' && state.question).toBe('Lunch?');
  });

  it('is no widget when the first submessage is not from the sender, or the type is unknown', () => {
    const hijacked = poll({ question: 'Q', options: [] });
    hijacked.submessages = [{ ...(hijacked.submessages[0] as object), sender_id: bob }];
    expect(widgetOf(hijacked)).toBeNull();
    expect(widgetOf(message({ widget_type: 'zform', extra_data: {} }, []))).toBeNull();
    expect(widgetOf({ sender_id: author, submessages: [] })).toBeNull();
  });

  it('votes, or takes back a vote, and numbers a new option past what this person sent', () => {
    const source = poll({ question: 'Q', options: ['A'] }, [
      [bob, { type: 'new_option', idx: 4, option: 'B' }],
      [bob, { type: 'vote', key: 'canned,0', vote: 1 }],
    ]);
    expect(widgetSubmessage(source, bob, { kind: 'vote', key: 'canned,0' })).toEqual({
      type: 'vote',
      key: 'canned,0',
      vote: -1,
    });
    expect(widgetSubmessage(source, carol, { kind: 'vote', key: 'canned,0' })).toMatchObject({
      vote: 1,
    });
    expect(widgetSubmessage(source, bob, { kind: 'addOption', option: 'C' })).toEqual({
      type: 'new_option',
      idx: 5,
      option: 'C',
    });
    expect(widgetSubmessage(source, carol, { kind: 'addOption', option: 'C' })).toMatchObject({
      idx: 1,
    });
    expect(widgetSubmessage(source, bob, { kind: 'strike', key: 'x' })).toBeNull();
  });

  it("asks the question for the poll's author alone", () => {
    const source = poll({ question: '', options: [] });
    expect(widgetSubmessage(source, author, { kind: 'question', question: 'Tea?' })).toEqual({
      type: 'question',
      question: 'Tea?',
    });
    expect(widgetSubmessage(source, bob, { kind: 'question', question: 'Mine?' })).toBeNull();
  });
});

describe('to-do lists from submessages', () => {
  it('adds tasks keyed by index and sender, drops a repeated name, and toggles strikes', () => {
    const state = widgetOf(
      todo([
        [bob, { type: 'new_task', key: 1, task: 'Milk', desc: '2 l', completed: false }],
        [carol, { type: 'new_task', key: 1, task: 'Bread', desc: '', completed: false }],
        [carol, { type: 'new_task', key: 2, task: 'Milk', desc: 'again', completed: false }],
        [author, { type: 'strike', key: `1,${bob}` }],
        [carol, { type: 'strike', key: `1,${carol}` }],
        [bob, { type: 'strike', key: `1,${carol}` }],
        [bob, { type: 'new_task_list_title', title: 'Not yours' }],
      ]),
    );
    expect(state).toEqual({
      type: 'todo',
      authorId: author,
      title: null,
      tasks: [
        { key: `1,${bob}`, task: 'Milk', desc: '2 l', completed: true },
        { key: `1,${carol}`, task: 'Bread', desc: '', completed: false },
      ],
    });
  });

  it("reads a later server's title and tasks from the /todo message", () => {
    const state = widgetOf(
      todo([[author, { type: 'strike', key: '0,canned' }]], {
        task_list_title: 'Trip',
        tasks: [{ task: 'Tickets', desc: 'train' }],
      }),
    );
    expect(state).toMatchObject({
      title: 'Trip',
      tasks: [{ key: '0,canned', task: 'Tickets', desc: 'train', completed: true }],
    });
  });

  it('adds a task numbered past what this person sent, and strikes by key', () => {
    const source = todo([
      [bob, { type: 'new_task', key: 3, task: 'Milk', desc: '', completed: false }],
    ]);
    expect(widgetSubmessage(source, bob, { kind: 'addTask', task: 'Eggs', desc: '6' })).toEqual({
      type: 'new_task',
      key: 4,
      task: 'Eggs',
      desc: '6',
      completed: false,
    });
    expect(widgetSubmessage(source, bob, { kind: 'strike', key: `3,${bob}` })).toEqual({
      type: 'strike',
      key: `3,${bob}`,
    });
    expect(widgetSubmessage(source, bob, { kind: 'vote', key: 'x' })).toBeNull();
  });
});
