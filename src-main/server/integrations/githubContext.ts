import type { Payload } from './payload';

/** What each GitHub event's message is written from. */
export interface GitHubContext {
  payload: Payload;
  /** With a topic of their own in the URL, messages name the PR or issue in full. */
  withTitle: boolean;
  /** Zulip 12's include_repository_name: a push of commits names its repository. */
  withRepositoryName: boolean;
}

export const sender = (payload: Payload): string => payload.get('sender').str('login');
export const senderUrl = (payload: Payload): string => payload.get('sender').str('html_url');
export const repoName = (payload: Payload): string => payload.get('repository').str('name');
export const repoFullName = (payload: Payload): string =>
  payload.get('repository').str('full_name');
export const repoUrl = (payload: Payload): string => payload.get('repository').str('html_url');

/** A comment's verb and link: "[commented](…) on", "edited a [comment](…) on". */
export function commentAction(payload: Payload): string {
  const action = payload.str('action');
  const url = payload.get('comment').str('html_url');
  return action === 'created' ? `[commented](${url}) on` : `${action} a [comment](${url}) on`;
}
