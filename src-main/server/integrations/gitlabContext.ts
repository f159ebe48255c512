import type { Payload } from './payload';

/** What each GitLab event's message is written from. */
export interface GitLabContext {
  payload: Payload;
  /** With a topic of their own in the URL, messages name the issue or MR in full. */
  withTitle: boolean;
  useMergeRequestTitle: boolean;
}

export type GitLabHandler = (context: GitLabContext) => { topic: string; content: string };

// Job events carry no `project`, only the older `repository` section.
export const repoName = (payload: Payload): string =>
  payload.has('project')
    ? payload.get('project').str('name')
    : payload.get('repository').str('name');
export const homepage = (payload: Payload): string =>
  payload.has('project')
    ? payload.get('project').str('web_url')
    : payload.get('repository').str('homepage');

export const branchName = (ref: string): string => ref.replace('refs/heads/', '');
/** Push events name the pusher by `user_name`; the others carry a `user`. */
export const actor = (payload: Payload): string => payload.get('user').str('name');
export const attributes = (payload: Payload): Payload => payload.get('object_attributes');
