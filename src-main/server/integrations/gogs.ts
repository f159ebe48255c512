import { changeMessage } from './git';
import { gogsMessages, gogsParams, loginOf } from './gogsEvents';
import { integration } from './integration';
import type { Payload } from './payload';
import { branchesOption } from './urlOptions';

// Gogs's pull request: the author (or whoever merged it) acts, and the
// branches are named flat on the pull request.
function pullRequestBody(payload: Payload, withTitle: boolean): string {
  const pr = payload.get('pull_request');
  const merged = pr.get('merged').bool();
  const action = merged ? 'merged' : payload.str('action');
  const named = action !== 'edited';
  // Gogs sends the assignee with every action; Zulip names them before the
  // link only when the action assigned or unassigned them.
  const assignee = payload.get('action').truthy ? loginOf(pr.get('assignee')) : undefined;
  const assigning = action === 'assigned' || action === 'unassigned';
  return changeMessage({
    user: merged ? pr.get('merged_by').str('username') : pr.get('user').str('username'),
    action,
    url: pr.str('html_url'),
    type: 'PR',
    number: pr.get('number').int(),
    targetBranch: named ? pr.str('head_branch') : undefined,
    baseBranch: named ? pr.str('base_branch') : undefined,
    title: withTitle ? pr.str('title') : undefined,
    assigneeUpdated: assigning ? assignee : undefined,
  });
}

const EVENT_TYPES = ['issue_comment', 'issues', 'create', 'pull_request', 'push', 'release'];

/** Gogs, as Zulip's integration reads it: events named by X-Gogs-Event. */
export const gogs = integration({
  urlName: 'gogs',
  name: 'Gogs',
  displayName: 'Gogs',
  allEventTypes: EVENT_TYPES,
  urlOptions: [branchesOption],
  params: gogsParams,
  handle: (call) => gogsMessages(call, 'X-Gogs-Event', pullRequestBody),
});
