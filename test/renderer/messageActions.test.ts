import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Message, MessageRules } from '../../src-preload/bridge';
import { offeredActions, quoteOf } from '../../src-renderer/src/lib/messageActions';

const sentAt = new Date(2026, 10, 21, 12).getTime();
const minutesLater = (minutes: number) => sentAt + minutes * 60_000;

function message(senderId: number, extra: Partial<Message> = {}): Message {
  return {
    id: 7,
    type: 'stream',
    content: '<p>hi</p>',
    content_type: 'text/html',
    display_recipient: 'garden',
    recipient_id: 10,
    sender_id: senderId,
    sender_email: 'bob@example.com',
    sender_full_name: 'Bob Builder',
    sender_realm_str: 'zulip',
    avatar_url: null,
    client: 'test',
    flags: [],
    is_me_message: false,
    reactions: [],
    stream_id: 5,
    subject: 'beans',
    submessages: [],
    timestamp: sentAt / 1000,
    ...extra,
  };
}

// Zulip 7.0's defaults for a member: edits for ten minutes, topics by anyone
// for three days, deletion by administrators only.
const memberRules: MessageRules = {
  editContent: true,
  editContentLimit: 600,
  editTopic: true,
  editTopicLimit: 259_200,
  moveBetweenStreams: false,
  moveBetweenStreamsLimit: 604_800,
  resolveTopic: true,
  resolveTopicLimit: 259_200,
  deleteAny: false,
  deleteOwn: false,
  deleteOwnLimit: null,
  editHistory: true,
  channels: {},
};

describe('the actions a message menu offers', () => {
  it('lets the sender edit the content only within the organization’s limit', () => {
    expect(offeredActions(message(1), memberRules, 1, minutesLater(9)).editContent).toBe(true);
    expect(offeredActions(message(1), memberRules, 1, minutesLater(11)).editContent).toBe(false);
    expect(offeredActions(message(2), memberRules, 1, minutesLater(1)).editContent).toBe(false);
    const unlimited = { ...memberRules, editContentLimit: null };
    expect(offeredActions(message(1), unlimited, 1, minutesLater(100_000)).editContent).toBe(true);
    const noEditing = { ...memberRules, editContent: false };
    expect(offeredActions(message(1), noEditing, 1, minutesLater(1)).editContent).toBe(false);
  });

  it("never offers to edit a poll's or a to-do list's text, but still its topic", () => {
    const widget = { id: 1, message_id: 1, sender_id: 1, msg_type: 'widget', content: '{}' };
    const poll = message(1, { submessages: [widget] });
    const offered = offeredActions(poll, memberRules, 1, minutesLater(1));
    expect(offered.editContent).toBe(false);
    expect(offered.editTopic).toBe(true);
  });

  it('offers a topic edit of anyone’s stream message within the move limit, never of a direct message', () => {
    expect(offeredActions(message(2), memberRules, 1, minutesLater(60)).editTopic).toBe(true);
    expect(offeredActions(message(2), memberRules, 1, minutesLater(4321)).editTopic).toBe(false);
    const direct = message(2, { type: 'private', stream_id: undefined, subject: '' });
    expect(offeredActions(direct, memberRules, 1, minutesLater(1)).editTopic).toBe(false);
  });

  it('offers deletion to an administrator, and to a sender only as the policy and its limit say', () => {
    expect(offeredActions(message(1), memberRules, 1, minutesLater(1)).delete).toBe(false);
    const admin = { ...memberRules, deleteAny: true };
    expect(offeredActions(message(2), admin, 1, minutesLater(99_999)).delete).toBe(true);
    const ownForAnHour = { ...memberRules, deleteOwn: true, deleteOwnLimit: 3600 };
    expect(offeredActions(message(1), ownForAnHour, 1, minutesLater(59)).delete).toBe(true);
    expect(offeredActions(message(1), ownForAnHour, 1, minutesLater(61)).delete).toBe(false);
    expect(offeredActions(message(2), ownForAnHour, 1, minutesLater(1)).delete).toBe(false);
  });

  it('offers the edit history of an edited message where the organization shows it', () => {
    const edited = message(2, { last_edit_timestamp: sentAt / 1000 + 60 });
    expect(offeredActions(edited, memberRules, 1, minutesLater(2)).history).toBe(true);
    expect(offeredActions(message(2), memberRules, 1, minutesLater(2)).history).toBe(false);
    // Zulip 10 marks a move apart from an edit (feature level 365).
    const moved = message(2, { last_moved_timestamp: sentAt / 1000 + 60 });
    expect(offeredActions(moved, memberRules, 1, minutesLater(2)).history).toBe(true);
    const hidden = { ...memberRules, editHistory: false };
    expect(offeredActions(edited, hidden, 1, minutesLater(2)).history).toBe(false);
  });
});

describe('the actions a channel’s own rules add', () => {
  it('offers a move, a resolution or a deletion where the message’s channel grants it', () => {
    const garden = {
      archived: false,
      editTopic: true,
      moveBetweenStreams: true,
      resolveTopic: true,
      deleteAny: true,
      deleteOwn: false,
    };
    const rules = { ...memberRules, resolveTopic: false, channels: { '5': garden } };
    expect(offeredActions(message(2), rules, 1, minutesLater(1))).toMatchObject({
      move: true,
      resolve: true,
      delete: true,
    });
    const elsewhere = message(2, { stream_id: 6 });
    expect(offeredActions(elsewhere, rules, 1, minutesLater(1))).toMatchObject({
      move: false,
      resolve: false,
      delete: false,
    });
  });
});

describe('a message in an archived channel (Zulip 10)', () => {
  // The administrators' grants, in a channel the server has archived.
  const archived = {
    archived: true,
    editTopic: true,
    moveBetweenStreams: true,
    resolveTopic: true,
    deleteAny: true,
    deleteOwn: true,
  };
  const rules = { ...memberRules, deleteAny: true, channels: { '5': archived } };

  it('offers nothing that changes it, reacts to it or replies there, as the server refuses them', () => {
    const own = message(1, { last_edit_timestamp: sentAt / 1000 + 60 });
    expect(offeredActions(own, rules, 1, minutesLater(1))).toEqual({
      editContent: false,
      editTopic: false,
      move: false,
      resolve: false,
      delete: false,
      history: true,
      react: false,
      reply: false,
    });
  });

  it('leaves the same message elsewhere, and direct messages, to their own rules', () => {
    const elsewhere = offeredActions(message(1, { stream_id: 6 }), rules, 1, minutesLater(1));
    expect(elsewhere).toMatchObject({ editContent: true, delete: true, react: true, reply: true });
    const direct = message(2, { type: 'private', stream_id: undefined, subject: '' });
    expect(offeredActions(direct, rules, 1, minutesLater(1))).toMatchObject({
      react: true,
      reply: true,
    });
  });
});

describe('a quote for the compose box', () => {
  it('names the sender silently, links the message and fences the source', () => {
    expect(quoteOf(message(2), 'The beans need **poles**', 'https://chat.example/#near')).toBe(
      '@_**Bob Builder|2** [said](https://chat.example/#near):\n' +
        '```quote\nThe beans need **poles**\n```\n',
    );
  });

  it('uses a fence longer than any the source holds, so a code block inside stays inside', () => {
    const source = 'Try this:\n````\n```js\nx()\n```\n````';
    expect(quoteOf(message(2), source, 'https://chat.example/#near')).toBe(
      '@_**Bob Builder|2** [said](https://chat.example/#near):\n' +
        `\`\`\`\`\`quote\n${source}\n\`\`\`\`\`\n`,
    );
  });
});
