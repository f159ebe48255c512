import type { Services } from '../services';
import { getRealm, markDemoSeeded } from '../store/realm';
import { Role, userByEmail, type UserRow } from '../store/users';
import { createUser } from './createUser';
import { sendMessage } from './sendMessage';
import { subscribe } from './subscribe';

const people = [
  { email: 'wren@hearth.local', fullName: 'Wren Halloway' },
  { email: 'basil@hearth.local', fullName: 'Basil Ortega' },
  { email: 'juniper@hearth.local', fullName: 'Juniper Sato' },
];

const streams = [
  { name: 'general', description: 'Everyone, everything' },
  { name: 'design', description: 'Sketches and critique' },
  { name: 'kitchen', description: 'Who took the last biscuit' },
];

/** Fills a development organization once with people, streams and talk. */
export function seedDemo(services: Services, owner: UserRow): void {
  if (getRealm(services.sql)?.demo_seeded === 1) return;
  const demo = people.map(
    (person) =>
      userByEmail(services.sql, person.email) ??
      createUser(services, { ...person, role: Role.member }),
  );
  const [wren, basil, juniper] = demo;
  if (!wren || !basil || !juniper) return;
  subscribe(services, owner, { streams, users: [owner, ...demo], inviteOnly: false });

  const say = (sender: UserRow, stream: string, topic: string, content: string) =>
    sendMessage(services, sender, {
      destination: { type: 'stream', stream, topic },
      content,
      clientName: 'Hearth demo',
    });
  say(wren, 'general', 'welcome', 'Welcome to **Hearth**! This organization lives on one laptop.');
  say(basil, 'general', 'welcome', 'Glad to be here. Is there `coffee`?');
  say(juniper, 'design', 'sidebar', 'New sidebar sketch: https://example.com/sidebar');
  say(wren, 'design', 'sidebar', 'Looks *great*, but the unread counts need more contrast.');
  say(basil, 'kitchen', 'biscuits', 'Somebody finished the biscuits again.');
  sendMessage(services, juniper, {
    destination: { type: 'private', to: [owner.email] },
    content: 'Hi! Ping me when you have a minute for the sidebar review.',
    clientName: 'Hearth demo',
  });
  services.sql.transaction(() => markDemoSeeded(services.sql));
}
