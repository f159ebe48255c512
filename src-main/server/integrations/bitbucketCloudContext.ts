import type { Payload } from './payload';

// What Bitbucket Cloud's payloads share: users, repositories and links.

/**
 * Since Bitbucket's GDPR changes a user comes with a display name or a
 * nickname and no username; Zulip names one with neither "Unknown user".
 */
export function userName(user: Payload): string {
  if (user.has('display_name')) return user.str('display_name');
  if (user.has('nickname')) return user.str('nickname');
  return 'Unknown user';
}

export const actorName = (payload: Payload): string => userName(payload.get('actor'));

export const repoName = (payload: Payload): string => payload.get('repository').str('name');

/** The web page of a repository, commit, comment, issue or pull request. */
export const htmlUrl = (item: Payload): string => item.get('links').get('html').str('href');
