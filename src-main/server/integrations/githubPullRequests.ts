import { changeMessage } from './git';
import { sender, type GitHubContext } from './githubContext';

// The messages of GitHub's pull_request, pull_request_review and
// pull_request_review_comment events, by the event name Zulip gives each.

const prOf = ({ payload }: GitHubContext) => payload.get('pull_request');
const numberOf = (context: GitHubContext) => prOf(context).get('number').int();
const titleIfWanted = (context: GitHubContext) =>
  context.withTitle ? prOf(context).str('title') : undefined;
const prLink = (context: GitHubContext) =>
  `[PR #${numberOf(context)}](${prOf(context).str('html_url')})`;

function openedOrUpdated(context: GitHubContext): string {
  const { payload } = context;
  const pr = prOf(context);
  const action = payload.str('action');
  const assignee = pr.optional('assignee');
  const described = action === 'opened' || Boolean(payload.optional('changes')?.has('body'));
  // Only a new PR says which branches it joins; later updates leave them out.
  const branches = action === 'opened';
  return changeMessage({
    user: sender(payload),
    action: action === 'synchronize' ? 'updated' : action,
    url: pr.str('html_url'),
    type: 'PR',
    number: numberOf(context),
    title: titleIfWanted(context),
    targetBranch: branches ? pr.get('head').str('label') : undefined,
    baseBranch: branches ? pr.get('base').str('label') : undefined,
    message: described ? pr.get('body').nullableString() : null,
    assignees: assignee?.truthy ? [assignee.str('login')] : [],
  });
}

/** Names the PR's assignee after the change: none once the last one is unassigned. */
function assignedOrUnassigned(context: GitHubContext): string {
  const assignee = prOf(context).optional('assignee');
  return changeMessage({
    user: sender(context.payload),
    action: context.payload.str('action'),
    url: prOf(context).str('html_url'),
    type: 'PR',
    number: numberOf(context),
    title: titleIfWanted(context),
    assigneeUpdated: assignee?.truthy ? assignee.str('login') : undefined,
  });
}

const closed = (context: GitHubContext): string =>
  changeMessage({
    user: sender(context.payload),
    action: prOf(context).get('merged').bool() ? 'merged' : 'closed without merge',
    url: prOf(context).str('html_url'),
    type: 'PR',
    number: numberOf(context),
    title: titleIfWanted(context),
  });

function reviewRequested(context: GitHubContext): string {
  const { payload } = context;
  const reviewer = payload.has('requested_reviewer')
    ? payload.get('requested_reviewer')
    : payload.get('requested_team');
  const who = reviewer.has('login') ? reviewer.str('login') : reviewer.str('name');
  const label = context.withTitle
    ? `PR #${numberOf(context)} ${prOf(context).str('title')}`
    : `PR #${numberOf(context)}`;
  return `**${sender(payload)}** requested [${who}](${reviewer.str('html_url')}) for a review on [${label}](${prOf(context).str('html_url')}).`;
}

function lockedOrUnlocked(context: GitHubContext): string {
  const { payload } = context;
  if (payload.str('action') === 'unlocked') {
    return `${sender(payload)} has unlocked ${prLink(context)}.`;
  }
  const reason = prOf(context).optional('active_lock_reason');
  return `${sender(payload)} has locked ${prLink(context)} as ${reason?.truthy ? reason.string() : 'None'} and limited conversation to collaborators.`;
}

function autoMerge(context: GitHubContext): string {
  const enabled = context.payload.str('action') === 'auto_merge_enabled';
  return `${sender(context.payload)} has ${enabled ? 'enabled' : 'disabled'} auto merge for ${prLink(context)}.`;
}

const review = (context: GitHubContext): string => {
  const { payload } = context;
  const pr = prOf(context);
  return changeMessage({
    user: sender(payload),
    action: 'submitted',
    url: payload.get('review').str('html_url'),
    type: 'PR review',
    title: context.withTitle ? `for #${numberOf(context)} ${pr.str('title')}` : undefined,
    message: payload.get('review').get('body').nullableString(),
  });
};

const reviewComment = (context: GitHubContext): string => {
  const { payload } = context;
  const action = payload.str('action');
  return changeMessage({
    user: sender(payload),
    action,
    url: payload.get('comment').str('html_url'),
    type: 'PR review comment',
    title: context.withTitle ? `on #${numberOf(context)} ${prOf(context).str('title')}` : undefined,
    message: action === 'created' ? payload.get('comment').str('body') : null,
  });
};

export const pullRequestBodies: Record<string, (context: GitHubContext) => string> = {
  opened_pull_request: openedOrUpdated,
  updated_pull_request: openedOrUpdated,
  assigned_or_unassigned_pull_request: assignedOrUnassigned,
  closed_pull_request: closed,
  pull_request_review_requested: reviewRequested,
  pull_request_ready_for_review: (context) =>
    `**${sender(context.payload)}** has marked ${prLink(context)} as ready for review.`,
  locked_or_unlocked_pull_request: lockedOrUnlocked,
  pull_request_auto_merge: autoMerge,
  pull_request_review: review,
  pull_request_review_comment: reviewComment,
};

// Actions GitHub sends that Zulip knowingly passes over.
const ignoredActions = new Set([
  'approved',
  'converted_to_draft',
  'labeled',
  'review_request_removed',
  'unlabeled',
]);

const eventOfAction: Record<string, string> = {
  opened: 'opened_pull_request',
  reopened: 'opened_pull_request',
  synchronize: 'updated_pull_request',
  edited: 'updated_pull_request',
  assigned: 'assigned_or_unassigned_pull_request',
  unassigned: 'assigned_or_unassigned_pull_request',
  closed: 'closed_pull_request',
  review_requested: 'pull_request_review_requested',
  ready_for_review: 'pull_request_ready_for_review',
  locked: 'locked_or_unlocked_pull_request',
  unlocked: 'locked_or_unlocked_pull_request',
  auto_merge_enabled: 'pull_request_auto_merge',
  auto_merge_disabled: 'pull_request_auto_merge',
};

/** Zulip's event name for a pull_request action: null when passed over, undefined when unknown. */
export function pullRequestEvent(action: string): string | null | undefined {
  if (ignoredActions.has(action)) return null;
  return Object.hasOwn(eventOfAction, action) ? eventOfAction[action] : undefined;
}
