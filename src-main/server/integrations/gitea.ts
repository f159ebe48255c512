import { changeMessage } from './git';
import { gogsMessages, gogsParams, loginOf } from './gogsEvents';
import { integration } from './integration';
import type { Payload } from './payload';
import { branchesOption } from './urlOptions';

// Gitea's pull request: whoever sent the event acts (the merger, for a merge),
// and the branches are the refs of `head` and `base`, when present.
function pullRequestBody(payload: Payload, withTitle: boolean): string {
  const pr = payload.get('pull_request');
  const assignee = loginOf(pr.get('assignee'));
  const merged = pr.get('merged').bool();
  const action = merged ? 'merged' : payload.str('action');
  const named = action !== 'edited';
  const ref = (key: string) => (named && pr.has(key) ? pr.get(key).str('ref') : undefined);
  return changeMessage({
    user: merged ? pr.get('merged_by').str('username') : payload.get('sender').str('username'),
    action,
    url: pr.str('html_url'),
    type: 'PR',
    number: pr.get('number').int(),
    targetBranch: ref('head'),
    baseBranch: ref('base'),
    title: withTitle ? pr.str('title') : undefined,
    assignees: assignee === undefined ? [] : [assignee],
    assigneeUpdated: action === 'assigned' ? assignee : undefined,
  });
}

/**
 * Gitea, as Zulip's integration reads it: events named by X-Gitea-Event.
 * Forgejo, a fork of Gitea, posts Gitea's payloads and still sends
 * X-Gitea-Event beside its own X-Forgejo-Event, so a Forgejo repository
 * uses this URL too.
 */
export const gitea = integration({
  urlName: 'gitea',
  name: 'Gitea',
  displayName: 'Gitea',
  allEventTypes: null,
  urlOptions: [branchesOption],
  params: gogsParams,
  handle: (call) => gogsMessages(call, 'X-Gitea-Event', pullRequestBody),
});
