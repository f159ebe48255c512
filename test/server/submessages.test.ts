import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedEvents, registerQueue } from '../helpers/eventQueue';
import { startOrg, type Org, type TestUser } from '../helpers/org';

// Zulip 7.0's widgets: /poll and /todo open one with their first submessage,
// POST /submessage adds votes, options, tasks and strikes as Zulip checks
// them, `submessage` events reach everyone with the message, and every
// message carries its submessages in the order they were added.

interface Sub {
  id: number;
  message_id: number;
  sender_id: number;
  msg_type: string;
  content: string;
}

describe('polls, to-do lists and submessages', () => {
  let org: Org;
  let hamlet: TestUser;
  let cordelia: TestUser;
  let othello: TestUser;

  const submessagesOf = async (user: TestUser, id: number) =>
    ((await org.api(user)('GET', `/messages/${id}`)).json.message as { submessages: Sub[] })
      .submessages;
  const post = (user: TestUser, messageId: number, content: unknown, msgType = 'widget') =>
    org.api(user)('POST', '/submessage', {
      message_id: messageId,
      msg_type: msgType,
      content: typeof content === 'string' ? content : JSON.stringify(content),
    });
  const refusal = async (user: TestUser, messageId: number, content: unknown) => {
    const answer = await post(user, messageId, content);
    expect(answer.status).toBe(400);
    return (answer.json as { msg: string; code: string }).msg;
  };

  beforeAll(async () => {
    org = await startOrg();
    hamlet = await org.user('hamlet');
    cordelia = await org.user('cordelia');
    othello = await org.user('othello');
    for (const user of [hamlet, cordelia]) await org.subscribe(user, 'widgets');
  });
  afterAll(() => org?.close());

  it('opens a poll from /poll with the question and listed options, as Zulip stores it', async () => {
    const id = await org.sendStream(
      hamlet,
      'widgets',
      'lunch',
      '/poll Where to eat?\n- Café Nord\n* Pizza\n\n  Noodles',
    );
    const [widget, ...rest] = await submessagesOf(cordelia, id);
    expect(rest).toEqual([]);
    expect(widget).toEqual({
      id: expect.any(Number) as number,
      message_id: id,
      sender_id: hamlet.id,
      msg_type: 'widget',
      content:
        '{"widget_type": "poll", "extra_data": {"question": "Where to eat?", "options": ["Caf\\u00e9 Nord", "Pizza", "Noodles"]}}',
    });
    // Zulip renders the command as the text it is; clients draw the widget instead.
    const plain = await org.sendStream(hamlet, 'widgets', 'lunch', '/poll Tea?');
    const message = (await org.api(cordelia)('GET', `/messages/${plain}`)).json.message as {
      content: string;
    };
    expect(message.content).toBe('<p>/poll Tea?</p>');
  });

  it('opens an empty poll from a bare /poll and a to-do list from /todo with no extra data', async () => {
    const poll = await org.sendStream(hamlet, 'widgets', 'bare', '/poll');
    expect((await submessagesOf(hamlet, poll))[0]?.content).toBe(
      '{"widget_type": "poll", "extra_data": {"question": "", "options": []}}',
    );
    const todo = await org.sendStream(hamlet, 'widgets', 'chores', '/todo\nbuy milk');
    expect((await submessagesOf(hamlet, todo))[0]?.content).toBe(
      '{"widget_type": "todo", "extra_data": null}',
    );
  });

  it('leaves other messages without submessages, a slash command mid-text included', async () => {
    for (const content of ['say /poll here', '/polls are fun', '/me waves', ' /poll late']) {
      const id = await org.sendStream(hamlet, 'widgets', 'plain', content);
      expect(await submessagesOf(hamlet, id)).toEqual([]);
    }
  });

  it('sends votes and options to everyone with the message, and lists them in order', async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'votes', '/poll Tea?\nYes\nNo');
    const queue = await registerQueue(org, cordelia, { event_types: ['submessage'] });
    const vote = { type: 'vote', key: 'canned,0', vote: 1 };
    expect((await post(cordelia, id, vote)).json).toEqual({ result: 'success', msg: '' });
    const option = { type: 'new_option', idx: 1, option: 'Maybe' };
    expect((await post(hamlet, id, option)).status).toBe(200);

    const [, voted, added] = (await submessagesOf(hamlet, id)) as [Sub, Sub, Sub];
    expect(voted).toMatchObject({ sender_id: cordelia.id, content: JSON.stringify(vote) });
    expect(added).toMatchObject({ sender_id: hamlet.id, content: JSON.stringify(option) });
    expect(added.id).toBeGreaterThan(voted.id);

    const events = await queuedEvents(org, cordelia, queue);
    expect(events).toEqual([
      {
        id: 0,
        type: 'submessage',
        msg_type: 'widget',
        message_id: id,
        submessage_id: voted.id,
        sender_id: cordelia.id,
        content: JSON.stringify(vote),
      },
      {
        id: 1,
        type: 'submessage',
        msg_type: 'widget',
        message_id: id,
        submessage_id: added.id,
        sender_id: hamlet.id,
        content: JSON.stringify(option),
      },
    ]);
  });

  it('carries the widget in the message event of a /poll', async () => {
    const queue = await registerQueue(org, cordelia, { event_types: ['message'] });
    const id = await org.sendStream(hamlet, 'widgets', 'events', '/poll Now?');
    const [event] = await queuedEvents(org, cordelia, queue);
    const message = (event as { message: { id: number; submessages: Sub[] } }).message;
    expect(message.id).toBe(id);
    expect(message.submessages.map((sub) => sub.content)).toEqual([
      '{"widget_type": "poll", "extra_data": {"question": "Now?", "options": []}}',
    ]);
  });

  it("checks poll data as Zulip 7.0 does, and keeps the question to the poll's author", async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'checks', '/poll Q');
    expect(await refusal(cordelia, id, '{"type": ')).toBe('Invalid json for submessage');
    expect(await refusal(cordelia, id, [1])).toBe('poll data is not a dict');
    expect(await refusal(cordelia, id, {})).toBe('type key is missing from poll data');
    expect(await refusal(cordelia, id, { type: 5 })).toBe('poll data["type"] is not a string');
    expect(await refusal(cordelia, id, { type: 'close' })).toBe(
      'Unknown type for poll data: close',
    );
    expect(await refusal(cordelia, id, { type: 'vote', key: 'canned,0', vote: 2 })).toBe(
      'Invalid poll data["vote"]',
    );
    expect(await refusal(cordelia, id, { type: 'vote', key: 3, vote: 1 })).toBe(
      'poll data["key"] is not a string',
    );
    expect(await refusal(cordelia, id, { type: 'vote', vote: 1 })).toBe(
      'key key is missing from poll data',
    );
    expect(await refusal(cordelia, id, { type: 'vote', key: 'k', vote: 1, extra: 1 })).toBe(
      'Unexpected arguments: extra',
    );
    expect(await refusal(cordelia, id, { type: 'new_option', option: 'x', idx: 1001 })).toBe(
      'poll data["idx"] is too large',
    );
    expect(await refusal(cordelia, id, { type: 'new_option', option: 'x', idx: -1 })).toBe(
      'poll data["idx"] is too small',
    );
    expect(await refusal(cordelia, id, { type: 'question', question: 'Mine?' })).toBe(
      "You can't edit a question unless you are the author.",
    );
    expect((await post(hamlet, id, { type: 'question', question: 'Better Q' })).status).toBe(200);
    // Nothing refused was kept.
    expect((await submessagesOf(hamlet, id)).length).toBe(2);
  });

  it('checks to-do data as Zulip 7.0 does, and lets anyone add and strike tasks', async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'todo checks', '/todo');
    const task = { type: 'new_task', key: 1, task: 'Milk', desc: '2 litres', completed: false };
    expect((await post(cordelia, id, task)).status).toBe(200);
    expect((await post(cordelia, id, { type: 'strike', key: `1,${cordelia.id}` })).status).toBe(
      200,
    );
    expect(await refusal(cordelia, id, { ...task, completed: 'no' })).toBe(
      'todo data["completed"] is not a boolean',
    );
    expect(await refusal(cordelia, id, { ...task, key: '1' })).toBe(
      'todo data["key"] is not an integer',
    );
    expect(await refusal(cordelia, id, { type: 'strike', key: 1 })).toBe(
      'todo data["key"] is not a string',
    );
    expect(await refusal(cordelia, id, { type: 'vote', key: 'a', vote: 1 })).toBe(
      'Unknown type for todo data: vote',
    );
  });

  it("refuses a submessage on someone else's message that has none from its sender", async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'plain', 'no widget here');
    expect(await refusal(cordelia, id, { type: 'vote', key: 'k', vote: 1 })).toBe(
      'You cannot attach a submessage to this message.',
    );
    // Its sender may; then others may too, with anything, as the message opened no widget.
    expect((await post(hamlet, id, { anything: true }, 'other')).status).toBe(200);
    expect((await post(cordelia, id, { free: 'form' }, 'other')).status).toBe(200);
  });

  it('refuses a message the user may not read with the same answer as a missing one', async () => {
    const sent = await org.api(hamlet)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([cordelia.id]),
      content: '/poll Just us?',
    });
    const id = sent.json.id as number;
    const vote = { type: 'vote', key: 'canned,0', vote: 1 };
    expect(await refusal(othello, id, vote)).toBe('Invalid message(s)');
    expect(await refusal(othello, 99_999_999, vote)).toBe('Invalid message(s)');
  });

  it('names a missing parameter', async () => {
    const answer = await org.api(hamlet)('POST', '/submessage', {
      message_id: 1,
      msg_type: 'widget',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: 'content' });
  });

  it("refuses to edit a widget's text, and deletes its submessages with it", async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'edit', '/poll Fixed?');
    const edit = await org.api(hamlet)('PATCH', `/messages/${id}`, { content: '/poll Changed?' });
    expect(edit.json).toMatchObject({ result: 'error', msg: 'Widgets cannot be edited.' });
    const moved = await org.api(hamlet)('PATCH', `/messages/${id}`, { topic: 'edited' });
    expect(moved.status).toBe(200);
    expect((await org.api(org.owner)('DELETE', `/messages/${id}`)).status).toBe(200);
    expect((await post(hamlet, id, { type: 'vote', key: 'canned,0', vote: 1 })).json).toMatchObject(
      { msg: 'Invalid message(s)' },
    );
  });

  it('keeps submessages across a restart of the host', async () => {
    const id = await org.sendStream(hamlet, 'widgets', 'restart', '/todo');
    await post(hamlet, id, { type: 'new_task', key: 1, task: 'Stay', desc: '', completed: false });
    await org.restart();
    expect((await submessagesOf(cordelia, id)).map((sub) => sub.sender_id)).toEqual([
      hamlet.id,
      hamlet.id,
    ]);
  });
});
