import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { Message, SidebarUser, Snapshot } from '../../src-preload/bridge';
import { completingAt, completionsFor } from '../../src-renderer/src/lib/composeCompletion';
import { participantsLabel } from '../../src-renderer/src/lib/feedRows';
import { narrowName } from '../../src-renderer/src/lib/narrow';
import { guestMarked, markedName } from '../../src-renderer/src/lib/people';
import { localeClockHours } from '../../src-renderer/src/lib/time';

// Issue 34, point 5: names as Zulip 8 writes a guest's where the organization
// asks for it (enable_guest_user_indicator, changelog level 216), and the
// clock a null twenty_four_hour_time leaves to the locale (level 408).

const polonius: SidebarUser = {
  userId: 18,
  fullName: 'Polonius',
  email: 'polonius@zulip.example.com',
  isBot: false,
  guest: true,
  unread: 0,
  presence: 'active',
};
const hamlet: SidebarUser = { ...polonius, userId: 10, fullName: 'King Hamlet', guest: false };

describe('a guest’s name', () => {
  it('is followed by "(guest)" only where the organization asks for it', () => {
    expect(markedName('Polonius', true)).toBe('Polonius (guest)');
    expect(markedName('Polonius', false)).toBe('Polonius');
    expect(markedName('Polonius', undefined)).toBe('Polonius');
  });

  it('is marked in a direct message’s recipient bar', () => {
    const message = {
      type: 'private',
      display_recipient: [
        { id: 10, email: '', full_name: 'King Hamlet', is_mirror_dummy: false },
        { id: 18, email: '', full_name: 'Polonius', is_mirror_dummy: false },
      ],
    } as unknown as Message;
    expect(participantsLabel(message, 10, (userId) => userId === 18)).toBe(
      'You and Polonius (guest)',
    );
    expect(participantsLabel(message, 10)).toBe('You and Polonius');
  });

  it('gives way to "Muted user" for a muted guest of a group conversation, as Zulip names them', () => {
    const conversation = { userIds: [18, 20], names: ['Polonius', 'Ophelia'] };
    const mutedPolonius = (userId: number, name: string) => (userId === 18 ? 'Muted user' : name);
    expect(guestMarked(conversation, [18])).toBe('Polonius (guest), Ophelia');
    expect(guestMarked(conversation, [18], mutedPolonius)).toBe('Muted user, Ophelia');
  });

  it('is marked in the title of a direct message narrow', () => {
    const snapshot = {
      user: { userId: 10, email: '', fullName: 'King Hamlet' },
      users: [polonius],
      guests: [18],
    } as unknown as Snapshot;
    expect(narrowName({ kind: 'private', userIds: [18] }, snapshot)).toBe('Polonius (guest)');
  });

  it('is marked among the people an @-mention completes, and mentioned unmarked', () => {
    const completing = completingAt('@Pol', 4);
    if (!completing) throw new Error('nothing is completed');
    const [first] = completionsFor(completing, {
      people: [polonius, hamlet],
      groups: [],
      streams: [],
      emoji: [],
      wildcards: [],
    });
    expect(first).toMatchObject({ label: 'Polonius (guest)', text: '@**Polonius** ' });
  });
});

describe('the clock left to the locale', () => {
  it('is the locale’s own: 24 hours in Britain, 12 in the United States', () => {
    expect(localeClockHours('en-GB')).toBe(24);
    expect(localeClockHours('en-US')).toBe(12);
  });
});
