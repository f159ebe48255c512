import { changeMessage } from './git';
import { commentAction, sender, senderUrl, type GitHubContext } from './githubContext';

// The messages of GitHub's issues and issue_comment events, by the event name
// Zulip gives each.

const issueOf = ({ payload }: GitHubContext) => payload.get('issue');
const numberOf = (context: GitHubContext) => issueOf(context).get('number').int();
const titleIfWanted = (context: GitHubContext) =>
  context.withTitle ? issueOf(context).str('title') : undefined;

function issue(context: GitHubContext): string {
  const { payload } = context;
  const action = payload.str('action');
  return changeMessage({
    user: sender(payload),
    action,
    url: issueOf(context).str('html_url'),
    type: 'issue',
    number: numberOf(context),
    title: titleIfWanted(context),
    message:
      action === 'assigned' || action === 'unassigned'
        ? null
        : issueOf(context).get('body').nullableString(),
    assigneeUpdated: payload.has('assignee') ? payload.get('assignee').str('login') : undefined,
  });
}

/** "[who](…) added the bug label to [Issue #9](…)", and the same for milestones. */
function addedOrRemoved(context: GitHubContext, what: string, type: string, added: boolean) {
  const label = `${type} #${numberOf(context)}${context.withTitle ? ` ${issueOf(context).str('title')}` : ''}`;
  const who = `[${sender(context.payload)}](${senderUrl(context.payload)})`;
  return `${who} ${added ? 'added' : 'removed'} ${what} ${added ? 'to' : 'from'} [${label}](${issueOf(context).str('html_url')}).`;
}

const labeled = (context: GitHubContext): string =>
  addedOrRemoved(
    context,
    `the ${context.payload.get('label').str('name')} label`,
    'Issue',
    context.payload.str('action') === 'labeled',
  );

function milestoned(context: GitHubContext): string {
  const milestone = context.payload.get('milestone');
  return addedOrRemoved(
    context,
    `milestone [${milestone.str('title')}](${milestone.str('html_url')})`,
    'issue',
    context.payload.str('action') === 'milestoned',
  );
}

function transferred(context: GitHubContext): string {
  const { payload } = context;
  const changes = payload.get('changes');
  const to = changes.get('new_issue');
  return `${sender(payload)} transferred [issue #${numberOf(context)} ${issueOf(context).str('title')}](${issueOf(context).str('html_url')}) to [${changes.get('new_repository').str('full_name')}/#${to.get('number').int()}](${to.str('html_url')}).`;
}

function openedViaTransfer(context: GitHubContext): string {
  const changes = context.payload.get('changes');
  const from = changes.get('old_issue');
  return `[Issue #${numberOf(context)} ${issueOf(context).str('title')}](${issueOf(context).str('html_url')}) was transferred from [${changes.get('old_repository').str('full_name')}#${from.get('number').int()}](${from.str('html_url')}).`;
}

const comment = (context: GitHubContext): string =>
  changeMessage({
    user: sender(context.payload),
    action: commentAction(context.payload),
    url: issueOf(context).str('html_url'),
    type: isPullRequestComment(context) ? 'PR' : 'issue',
    number: numberOf(context),
    title: titleIfWanted(context),
    message: context.payload.get('comment').str('body'),
  });

/** GitHub sends a PR's conversation comments as issue_comment, with the issue naming its PR. */
export const isPullRequestComment = ({ payload }: GitHubContext): boolean =>
  payload.get('issue').has('pull_request');

export const issueBodies: Record<string, (context: GitHubContext) => string> = {
  issues: issue,
  issue_labeled_or_unlabeled: labeled,
  issue_milestoned_or_demilestoned: milestoned,
  issues_transferred: transferred,
  issues_opened_via_transfer: openedViaTransfer,
  issue_comment: comment,
};

/** Zulip's event name for an issues action. */
export function issuesEvent(context: GitHubContext): string {
  const action = context.payload.str('action');
  if (action === 'labeled' || action === 'unlabeled') return 'issue_labeled_or_unlabeled';
  if (action === 'milestoned' || action === 'demilestoned') {
    return 'issue_milestoned_or_demilestoned';
  }
  if (action === 'transferred') return 'issues_transferred';
  const changes = context.payload.optional('changes');
  if (action === 'opened' && changes?.optional('old_issue')?.truthy) {
    return 'issues_opened_via_transfer';
  }
  return 'issues';
}
