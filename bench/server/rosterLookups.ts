import type { MarkdownLookups } from '../../src-main/server/markdown/lookups';
import type { Roster } from './roster';

/** What sendMessage's lookups would answer, from the roster instead of the store. */
export function rosterLookups(roster: Roster): MarkdownLookups {
  const usersByName = new Map(roster.users.map((user) => [user.fullName.toLowerCase(), user]));
  const usersById = new Map(roster.users.map((user) => [user.id, user]));
  const streamsByName = new Map(
    roster.streams.map((stream) => [stream.name.toLowerCase(), stream]),
  );
  const mentionable = (user: { id: number; fullName: string } | undefined) =>
    user && { id: user.id, fullName: user.fullName, isActive: true };
  return {
    userByName: (name) => mentionable(usersByName.get(name.toLowerCase())),
    userById: (id) => mentionable(usersById.get(id)),
    streamByName: (name) => {
      const stream = streamsByName.get(name.toLowerCase());
      return stream && { id: stream.id, name: stream.name };
    },
    // The generated organization's people chose no alert words.
    userGroupByName: () => undefined,
    alertWords: () => new Map(),
    realmEmoji: () => undefined,
    linkifiers: () => [],
    latestTopicMessageId: () => undefined,
    // Nobody in the generated organization has uploaded a file.
    uploadedFile: () => undefined,
  };
}
