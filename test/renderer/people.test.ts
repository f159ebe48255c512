import './englishWindow';
import { describe, expect, it } from 'vitest';
import type { SidebarUser } from '../../src-preload/bridge';
import { presenceOrder } from '../../src-renderer/src/lib/people';

const person = (
  userId: number,
  fullName: string,
  presence: SidebarUser['presence'],
  isBot = false,
): SidebarUser => ({
  userId,
  fullName,
  email: `${fullName.split(' ')[0]?.toLowerCase()}@example.com`,
  isBot,
  unread: 0,
  presence,
});

const everyone = [
  person(1, 'Zoe Active', 'active'),
  person(2, 'Adam Offline', 'offline'),
  person(3, 'Mia Idle', 'idle'),
  person(4, 'Build Bot', 'active', true),
  person(5, 'Ada Active', 'active'),
];

describe('the people list', () => {
  it('puts the active first, then the idle, then the offline, each by name, bots last', () => {
    expect(presenceOrder(everyone, '').map((user) => user.fullName)).toEqual([
      'Ada Active',
      'Zoe Active',
      'Mia Idle',
      'Adam Offline',
      'Build Bot',
    ]);
  });

  it('puts someone who set themselves unavailable among the offline, whatever their presence', () => {
    const away = { ...person(6, 'Bea Away', 'active'), away: true };
    expect(presenceOrder([...everyone, away], '').map((user) => user.fullName)).toEqual([
      'Ada Active',
      'Zoe Active',
      'Mia Idle',
      'Adam Offline',
      'Bea Away',
      'Build Bot',
    ]);
  });

  it('finds people by the start of any word of the name, or of the email, in any case', () => {
    expect(presenceOrder(everyone, 'idle').map((user) => user.userId)).toEqual([3]);
    expect(presenceOrder(everyone, 'AD').map((user) => user.userId)).toEqual([5, 2]);
    expect(presenceOrder(everyone, 'zoe@').map((user) => user.userId)).toEqual([1]);
    expect(presenceOrder(everyone, 'ctive')).toEqual([]);
  });
});
