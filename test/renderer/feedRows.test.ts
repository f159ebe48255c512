import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src-preload/bridge';
import {
  avatarOf,
  editMarker,
  feedRows,
  keepUnchangedRows,
  participantsLabel,
} from '../../src-renderer/src/lib/feedRows';

const alice = {
  id: 1,
  email: 'alice@example.com',
  full_name: 'Alice Liddell',
  is_mirror_dummy: false,
};
const bob = { id: 2, email: 'bob@example.com', full_name: 'Bob Builder', is_mirror_dummy: false };
const carol = { id: 3, email: 'carol@example.com', full_name: 'Carol', is_mirror_dummy: false };

// Noon on two days, local time, so that midnight lies between them in any zone.
const dayOne = new Date(2026, 10, 20, 12).getTime() / 1000;
const dayTwo = new Date(2026, 10, 21, 12).getTime() / 1000;
const now = new Date(2026, 10, 21, 18).getTime();

let nextId = 100;
function streamMessage(
  sender: typeof alice,
  topic: string,
  timestamp = dayTwo,
  extra: Partial<Message> = {},
): Message {
  return {
    id: nextId++,
    type: 'stream',
    content: '<p>hi</p>',
    content_type: 'text/html',
    display_recipient: 'garden',
    recipient_id: 10,
    sender_id: sender.id,
    sender_email: sender.email,
    sender_full_name: sender.full_name,
    sender_realm_str: 'zulip',
    avatar_url: null,
    client: 'test',
    flags: [],
    is_me_message: false,
    reactions: [],
    stream_id: 5,
    subject: topic,
    submessages: [],
    timestamp,
    ...extra,
  };
}

function directMessage(sender: typeof alice, people: (typeof alice)[]): Message {
  return streamMessage(sender, '', dayTwo, {
    type: 'private',
    display_recipient: people,
    stream_id: undefined,
    recipient_id: 99,
  } as Partial<Message>);
}

const kinds = (rows: ReturnType<typeof feedRows>) =>
  rows.map((row) =>
    row.kind === 'message' ? (row.continued ? 'more' : `msg:${row.message.sender_id}`) : row.kind,
  );

describe('the rows of the feed', () => {
  it('opens each run of one conversation with a recipient bar, topics matched without regard to case', () => {
    const rows = feedRows(
      [
        streamMessage(alice, 'Tomatoes'),
        streamMessage(alice, 'tomatoes'),
        streamMessage(alice, 'beans'),
        streamMessage(alice, 'tomatoes'),
      ],
      now,
    );
    expect(kinds(rows)).toEqual([
      'recipient',
      'msg:1',
      'more',
      'recipient',
      'msg:1',
      'recipient',
      'msg:1',
    ]);
  });

  it('names the sender again when the sender changes, and for every /me message', () => {
    const rows = feedRows(
      [
        streamMessage(alice, 't'),
        streamMessage(bob, 't'),
        streamMessage(bob, 't'),
        streamMessage(bob, 't', dayTwo, { is_me_message: true }),
        streamMessage(alice, 't'),
      ],
      now,
    );
    expect(kinds(rows)).toEqual(['recipient', 'msg:1', 'msg:2', 'more', 'msg:2', 'msg:1']);
  });

  it('marks midnight inside a run with a date row, and names the sender after it', () => {
    const rows = feedRows([streamMessage(bob, 't', dayOne), streamMessage(bob, 't', dayTwo)], now);
    expect(kinds(rows)).toEqual(['recipient', 'msg:2', 'date', 'msg:2']);
    const [bar, , date] = rows;
    expect(bar?.kind === 'recipient' && bar.day).toBe('Yesterday');
    expect(date?.kind === 'date' && date.day).toBe('Today');
  });

  it('writes older days as dates, with the year only when it is another year', () => {
    const [thisYear] = feedRows(
      [streamMessage(bob, 't', new Date(2026, 2, 3, 9).getTime() / 1000)],
      now,
    );
    const [lastYear] = feedRows(
      [streamMessage(bob, 't', new Date(2025, 2, 3, 9).getTime() / 1000)],
      now,
    );
    expect(thisYear?.kind === 'recipient' && thisYear.day).not.toMatch(/2026/);
    expect(lastYear?.kind === 'recipient' && lastYear.day).toMatch(/2025/);
  });

  it('keeps direct-message groups apart by their people, in any order', () => {
    const rows = feedRows(
      [
        directMessage(bob, [alice, bob]),
        directMessage(bob, [bob, alice]),
        directMessage(bob, [alice, bob, carol]),
      ],
      now,
    );
    expect(kinds(rows)).toEqual(['recipient', 'msg:2', 'more', 'recipient', 'msg:2']);
  });

  it('gives every row a key of its own', () => {
    const messages = [
      streamMessage(bob, 'a', dayOne),
      streamMessage(bob, 'a'),
      streamMessage(bob, 'b'),
    ];
    const keys = feedRows(messages, now).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the rows drawn again when the feed changes', () => {
  it('keeps each row that is as it was, so that a message arriving redraws only what it changes', () => {
    const first = streamMessage(bob, 't');
    const second = streamMessage(alice, 't');
    const before = feedRows([first, second], now);
    const arriving = streamMessage(alice, 't');
    const after = keepUnchangedRows(before, feedRows([first, second, arriving], now));
    expect(after.slice(0, 3)).toEqual(before);
    after.slice(0, 3).forEach((row, index) => expect(row).toBe(before[index]));
    const last = after[3];
    expect(last?.kind === 'message' && last.message).toBe(arriving);
    expect(last?.kind === 'message' && last.continued).toBe(true);
  });

  it('draws a row again when its message is a newer copy, or it now continues another', () => {
    const first = streamMessage(bob, 't');
    const second = streamMessage(alice, 't');
    const before = feedRows([first, second], now);
    const read = { ...second, flags: ['read'] };
    const edited = keepUnchangedRows(before, feedRows([first, read], now));
    expect(edited[1]).toBe(before[1]);
    expect(edited[2]).not.toBe(before[2]);
    expect(edited[2]?.kind === 'message' && edited[2].message.flags).toEqual(['read']);
    // Bob's message between them went away: Alice's now follows her own.
    const third = streamMessage(alice, 't');
    const run = feedRows([second, first, third], now);
    const withoutBob = keepUnchangedRows(run, feedRows([second, third], now));
    expect(withoutBob[2]).not.toBe(run[3]);
    expect(withoutBob[2]?.kind === 'message' && withoutBob[2].continued).toBe(true);
  });
});

describe('what a message shows beside its content', () => {
  it('says edited once the content changed, moved when only the topic or stream did, and nothing before', () => {
    const moved = { user_id: 1, timestamp: dayTwo, prev_topic: 'a', topic: 'b' };
    const edited = { user_id: 1, timestamp: dayTwo, prev_content: 'old' };
    expect(editMarker(streamMessage(bob, 't'))).toBeNull();
    expect(editMarker(streamMessage(bob, 't', dayTwo, { edit_history: [moved] }))).toBe('moved');
    expect(
      editMarker(streamMessage(bob, 't', dayTwo, { edit_history: [moved, { ...edited }] })),
    ).toBe('edited');
    // A server that keeps no history still says when the message was edited.
    expect(editMarker(streamMessage(bob, 't', dayTwo, { last_edit_timestamp: dayTwo }))).toBe(
      'edited',
    );
  });

  it('says moved for a message a modern server reports only as moved, with no history to read', () => {
    // Feature level 365: a move sets last_moved_timestamp alone.
    expect(editMarker(streamMessage(bob, 't', dayTwo, { last_moved_timestamp: dayTwo }))).toBe(
      'moved',
    );
    expect(
      editMarker(
        streamMessage(bob, 't', dayTwo, {
          last_moved_timestamp: dayTwo,
          last_edit_timestamp: dayTwo + 60,
        }),
      ),
    ).toBe('edited');
  });

  it('names the people of a direct message as "You and …", or "You" alone', () => {
    expect(participantsLabel(directMessage(bob, [alice, bob, carol]), alice.id)).toBe(
      'You and Bob Builder, Carol',
    );
    expect(participantsLabel(directMessage(alice, [alice]), alice.id)).toBe('You');
  });

  it('names a muted person of a group direct message "Muted user", as Zulip does', () => {
    const muted = (userId: number, name: string) => (userId === bob.id ? 'Muted user' : name);
    expect(
      participantsLabel(directMessage(carol, [alice, bob, carol]), alice.id, () => false, muted),
    ).toBe('You and Muted user, Carol');
  });

  it('draws an avatar from two initials and a hue that stays with the user', () => {
    expect(avatarOf('Alice Liddell', 1).initials).toBe('AL');
    expect(avatarOf('  cher ', 7).initials).toBe('C');
    expect(avatarOf('', 7).initials).toBe('?');
    expect(avatarOf('Bob', 2).hue).toBe(avatarOf('Robert', 2).hue);
    expect(avatarOf('Bob', 2).hue).not.toBe(avatarOf('Bob', 3).hue);
  });
});
