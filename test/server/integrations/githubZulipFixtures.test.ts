import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import {
  newestInStream,
  postWebhook,
  startIntegrationOrg,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's GitHub webhook tests (zerver/webhooks/github/tests.py, at the commit
// zulip-fixtures/github/SOURCE names), each posting Zulip's payload as the test
// does and comparing the stream's newest message, as check_webhook does.
//
// Not ported:
// - GitHubSponsorsHookTests (six tests): they post to /external/githubsponsors,
//   a URL Hearth does not serve.
// - test_team_edited_with_unsupported_keys's check that Zulip's
//   webhook_unsupported_events_logger was called: it patches that logger with
//   mock. The message it asserts is a case below.
// - The tests of deployment, deployment_status, membership, page_build,
//   pull_request__edited_with_body_change, push__1_commit_without_username,
//   push__multiple_committers_with_others (with and without a branch filter,
//   and filtered out) and status: payload not in the index.

type Sent =
  | { fixture: string; event?: string; params?: Record<string, string> }
  // Zulip's tests that write their payload inline instead of reading a fixture.
  | { body: string; event: string };
type Expected = { topic: string; content: string } | { ignored: true };
type Case = Sent & Expected;

const TOPIC_REPO = 'public-repo';
const TOPIC_ISSUE = 'public-repo / issue #2 Spelling error in the README file';
const TOPIC_PR = 'public-repo / PR #1 Update the README with new information';
const TOPIC_ORGANIZATION = 'baxterandthehackers organization';
const TOPIC_BRANCH = 'public-repo / changes';
const TOPIC_WIKI = 'public-repo / wiki pages';
const TOPIC_DISCUSSION = 'testing-gh discussion #20: Lets discuss';

const NOTIFICATIONS = { topic: 'notifications' };
// Zulip's branch-filter tests that pass "master,changes" positionally build a
// URL without `branches` (build_webhook_url appends bare arguments); they are
// sent here with the filter their names describe, which lets the push through.
const ON_CHANGES = { branches: 'master,changes' };
const ON_OTHER_BRANCHES = { branches: 'master,development' };

const PUBLIC_REPO = 'https://github.com/baxterthehacker/public-repo';
const PUSHED = `baxterthehacker [pushed](${PUBLIC_REPO}/compare/9049f1265b7d...0d1a26e67d8f)`;
const README_COMMIT = `* Update README.md ([0d1a26e67d8](${PUBLIC_REPO}/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))`;
const readmeCommits = (count: number) => Array<string>(count).fill(README_COMMIT).join('\n');

const ONE_COMMIT = `${PUSHED} 1 commit to branch changes.\n\n${README_COMMIT}`;
const SIX_COMMITS =
  `${PUSHED} 6 commits to branch changes. Commits by Tomasz (3), Ben (2) and baxterthehacker (1).\n\n` +
  readmeCommits(6);
// Zulip lists 20 commits (COMMITS_LIMIT) and counts the rest.
const FIFTY_COMMITS = `${PUSHED} 50 commits to branch changes.\n\n${readmeCommits(20)}\n[and 30 more commit(s)]`;

const ISSUE_2 = `${PUBLIC_REPO}/issues/2`;
const ISSUE_COMMENT = (issue: string) =>
  `baxterthehacker [commented](${ISSUE_2}#issuecomment-99262140) on [${issue}](${ISSUE_2}):\n\n~~~ quote\nYou are totally right! I'll get this fixed right away.\n~~~`;
const ISSUE_OPENED = (issue: string) =>
  `baxterthehacker opened [${issue}](${ISSUE_2}):\n\n~~~ quote\nIt looks like you accidentally spelled 'commit' with two 't's.\n~~~`;

const TESTING_GH = 'https://github.com/sbansal1999/testing-gh';
const SBANSAL = '[sbansal1999](https://github.com/sbansal1999)';
const MILESTONE = `[some_random_milestone](${TESTING_GH}/milestone/1)`;
const ISSUE_6_TOPIC = 'testing-gh / issue #6 This is a sample issue to test GH I...';
const ISSUE_9_TOPIC = 'testing-gh / issue #9 idk man';

const PR_1 = `${PUBLIC_REPO}/pull/1`;
const PR_1_TITLE = 'PR #1 Update the README with new information';
const PR_OPENED = (pr: string) =>
  `baxterthehacker opened [${pr}](${PR_1}) from \`baxterthehacker:changes\` to \`baxterthehacker:master\`:\n\n~~~ quote\nThis is a pretty simple change that we need to pull into master.\n~~~`;
const TUSHAR_PR_1 = 'https://github.com/tushar912/public-repo/pull/1';
const SCHEDULER_PR_1 = 'https://github.com/eeshangarg/Scheduler/pull/1';

const DISCUSSION_20 = `${TESTING_GH}/discussions/20`;
const DISCUSSION_COMMENT = (discussion: string) =>
  `sbansal1999 [commented](${DISCUSSION_20}#discussioncomment-6332416) on [${discussion}](${DISCUSSION_20}):\n\n~~~ quote\nsome random comment\n~~~`;

const cases: Case[] = [
  {
    fixture: 'ping',
    topic: TOPIC_REPO,
    content: 'GitHub webhook has been successfully configured by TomaszKolek.',
  },
  {
    fixture: 'star',
    topic: 'Hello-World',
    content:
      '[Codertocat](https://github.com/Codertocat) starred the repository [Codertocat/Hello-World](https://github.com/Codertocat/Hello-World).',
  },
  {
    fixture: 'ping__organization',
    topic: 'zulip-test-org',
    content: 'GitHub webhook has been successfully configured by eeshangarg.',
  },

  // push
  {
    fixture: 'push__delete_branch',
    topic: 'public-repo / feature',
    content:
      'eeshangarg [deleted](https://github.com/eeshangarg/public-repo/compare/2e8cf535fb38...000000000000) the branch feature.',
  },
  {
    fixture: 'push__force_1_commit',
    topic: 'zulip / temp',
    content:
      'sbansal1999 [force pushed](https://github.com/sbansal1999/zulip/compare/b6de8891fc10...971d76ca3094) 1 commit to branch temp.\n\n' +
      '* log: Add important.txt which is useful for logging errors. ([971d76ca309](https://github.com/sbansal1999/zulip/commit/971d76ca309446a9c20381f6271cea8a59b4e40a))',
  },
  {
    fixture: 'push__force_remove_commits',
    topic: 'zulip / temp',
    content:
      'sbansal1999 [force pushed](https://github.com/sbansal1999/zulip/compare/2084a91af9ca...9a8749ea8fe7) the branch temp.',
  },
  {
    fixture: 'push__local_branch_without_commits',
    topic: 'public-repo / feature',
    content:
      'eeshangarg [pushed](https://github.com/eeshangarg/public-repo/compare/feature) the branch feature.',
  },
  { fixture: 'push__merge_queue', ignored: true },
  { fixture: 'push__1_commit', topic: TOPIC_BRANCH, content: ONE_COMMIT },
  { fixture: 'push__1_commit', params: ON_CHANGES, topic: TOPIC_BRANCH, content: ONE_COMMIT },
  { fixture: 'push__multiple_committers', topic: TOPIC_BRANCH, content: SIX_COMMITS },
  {
    fixture: 'push__multiple_committers',
    params: ON_CHANGES,
    topic: TOPIC_BRANCH,
    content: SIX_COMMITS,
  },
  { fixture: 'push__50_commits', topic: TOPIC_BRANCH, content: FIFTY_COMMITS },
  { fixture: 'push__50_commits', params: ON_CHANGES, topic: TOPIC_BRANCH, content: FIFTY_COMMITS },
  { fixture: 'push__1_commit', params: ON_OTHER_BRANCHES, ignored: true },
  { fixture: 'push__50_commits', params: ON_OTHER_BRANCHES, ignored: true },
  { fixture: 'push__multiple_committers', params: ON_OTHER_BRANCHES, ignored: true },
  { fixture: 'push__tag', topic: TOPIC_REPO, content: 'baxterthehacker pushed tag abc.' },

  // repository events
  {
    fixture: 'commit_comment',
    topic: TOPIC_REPO,
    content: `baxterthehacker [commented](${PUBLIC_REPO}/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b#commitcomment-11056394) on [9049f1265b7](${PUBLIC_REPO}/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b):\n~~~ quote\nThis is a really good change! :+1:\n~~~`,
  },
  { fixture: 'create', topic: TOPIC_REPO, content: 'baxterthehacker created tag 0.0.1.' },
  { fixture: 'delete', topic: TOPIC_REPO, content: 'baxterthehacker deleted tag simple-tag.' },
  {
    fixture: 'fork',
    topic: TOPIC_REPO,
    content:
      'baxterandthehackers forked [public-repo](https://github.com/baxterandthehackers/public-repo).',
  },
  {
    fixture: 'membership__removal',
    topic: TOPIC_ORGANIZATION,
    content:
      'baxterthehacker removed [kdaigle](https://github.com/kdaigle) from the Contractors team.',
  },
  {
    fixture: 'member',
    topic: TOPIC_REPO,
    content: `baxterthehacker added [octocat](https://github.com/octocat) to [public-repo](${PUBLIC_REPO}).`,
  },
  {
    fixture: 'public',
    topic: TOPIC_REPO,
    content: `baxterthehacker made the repository [baxterthehacker/public-repo](${PUBLIC_REPO}) public.`,
  },
  {
    fixture: 'gollum__wiki_pages',
    topic: TOPIC_WIKI,
    content: `jasonrudolph:\n* created [Home](${PUBLIC_REPO}/wiki/Home)\n* created [Home](${PUBLIC_REPO}/wiki/Home)`,
  },
  {
    fixture: 'watch__repository',
    topic: TOPIC_REPO,
    content: `baxterthehacker starred the repository [baxterthehacker/public-repo](${PUBLIC_REPO}).`,
  },
  {
    fixture: 'repository',
    topic: TOPIC_REPO,
    content:
      'baxterthehacker created the repository [baxterandthehackers/public-repo](https://github.com/baxterandthehackers/public-repo).',
  },
  {
    fixture: 'team_add',
    topic: TOPIC_REPO,
    content:
      'The repository [baxterandthehackers/public-repo](https://github.com/baxterandthehackers/public-repo) was added to team github.',
  },
  {
    fixture: 'release',
    topic: TOPIC_REPO,
    content: `baxterthehacker published release [0.0.1](${PUBLIC_REPO}/releases/tag/0.0.1) for tag 0.0.1.`,
  },
  {
    fixture: 'release__with_name',
    topic: TOPIC_REPO,
    content: `baxterthehacker published release [0.0.1](${PUBLIC_REPO}/releases/tag/0.0.1) for tag 0.0.1.`,
  },
  {
    fixture: 'page_build__errored',
    topic: TOPIC_REPO,
    content:
      'GitHub Pages build, triggered by baxterthehacker, has failed: \n~~~ quote\nSomething went wrong.\n~~~.',
  },
  {
    fixture: 'status__with_target_url',
    topic: TOPIC_REPO,
    content: `[9049f1265b7](${PUBLIC_REPO}/commit/9049f1265b7d61be4a8904a9a27120d2064dab3b) changed its status to [success](https://example.com/build/status).`,
  },
  {
    fixture: 'check_run__completed',
    topic: 'hello-world / checks',
    content:
      'Check [randscape](http://github.com/github/hello-world/runs/4) completed (success). ([d6fde92930d](http://github.com/github/hello-world/commit/d6fde92930d4715a2b49857d24b940956b26d2d3))',
  },
  { fixture: 'check_run__in_progress', ignored: true },
  { fixture: 'repository_vulnerability_alert', ignored: true },

  // issues and their comments
  { fixture: 'issue_comment', topic: TOPIC_ISSUE, content: ISSUE_COMMENT('issue #2') },
  {
    fixture: 'issue_comment__deleted',
    topic: 'Scheduler / issue #5 This is a new issue',
    content:
      'eeshangarg deleted a [comment](https://github.com/eeshangarg/Scheduler/issues/5#issuecomment-425164194) on [issue #5](https://github.com/eeshangarg/Scheduler/issues/5):\n\n~~~ quote\nThis is a comment on this new issue.\n~~~',
  },
  {
    fixture: 'issue_comment',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: ISSUE_COMMENT('issue #2 Spelling error in the README file'),
  },
  {
    fixture: 'issue_comment__pull_request_comment',
    topic: TOPIC_PR,
    content:
      'sbansal1999 [commented](https://github.com/sbansal1999/public-repo/pull/1#issuecomment-1631445420) on [PR #1](https://github.com/sbansal1999/public-repo/pull/1):\n\n~~~ quote\nSome comment\n~~~',
  },
  { fixture: 'issues', topic: TOPIC_ISSUE, content: ISSUE_OPENED('issue #2') },
  {
    fixture: 'issues',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: ISSUE_OPENED('issue #2 Spelling error in the README file'),
  },
  {
    fixture: 'issues__assigned',
    topic: 'testing-gh / issue #7 Testing when issue assigned!',
    content: `sbansal1999 assigned sbansal1999 to [issue #7](${TESTING_GH}/issues/7).`,
  },
  // Zulip adds no full stop after a title that ends in punctuation.
  {
    fixture: 'issues__assigned',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `sbansal1999 assigned sbansal1999 to [issue #7 Testing when issue assigned!](${TESTING_GH}/issues/7)`,
  },
  {
    fixture: 'issues__unassigned',
    topic: ISSUE_9_TOPIC,
    content: `sbansal1999 unassigned sbansal1999 from [issue #9](${TESTING_GH}/issues/9).`,
  },
  {
    fixture: 'issues__unassigned',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `sbansal1999 unassigned sbansal1999 from [issue #9 idk man](${TESTING_GH}/issues/9).`,
  },
  {
    fixture: 'issues__labeled',
    topic: ISSUE_9_TOPIC,
    content: `${SBANSAL} added the bug label to [Issue #9](${TESTING_GH}/issues/9).`,
  },
  {
    fixture: 'issues__labeled',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `${SBANSAL} added the bug label to [Issue #9 idk man](${TESTING_GH}/issues/9).`,
  },
  {
    fixture: 'issues__unlabeled',
    topic: ISSUE_9_TOPIC,
    content: `${SBANSAL} removed the bug label from [Issue #9](${TESTING_GH}/issues/9).`,
  },
  {
    fixture: 'issues__milestoned',
    topic: ISSUE_6_TOPIC,
    content: `${SBANSAL} added milestone ${MILESTONE} to [issue #6](${TESTING_GH}/issues/6).`,
  },
  {
    fixture: 'issues__milestoned',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `${SBANSAL} added milestone ${MILESTONE} to [issue #6 This is a sample issue to test GH Integration Func](${TESTING_GH}/issues/6).`,
  },
  {
    fixture: 'issues__demilestoned',
    topic: ISSUE_6_TOPIC,
    content: `${SBANSAL} removed milestone ${MILESTONE} from [issue #6](${TESTING_GH}/issues/6).`,
  },

  // pull requests
  { fixture: 'pull_request__opened', topic: TOPIC_PR, content: PR_OPENED('PR #1') },
  {
    fixture: 'pull_request__opened_with_preassigned_assignee',
    topic: 'Scheduler / PR #4 Improve README',
    content:
      'eeshangarg opened [PR #4](https://github.com/eeshangarg/Scheduler/pull/4) from `eeshangarg:improve-readme-2` to `eeshangarg:master` (assigned to eeshangarg).',
  },
  {
    fixture: 'pull_request__opened',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: PR_OPENED(PR_1_TITLE),
  },
  {
    fixture: 'pull_request__synchronized',
    topic: TOPIC_PR,
    content: `baxterthehacker updated [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request__closed',
    topic: TOPIC_PR,
    content: `baxterthehacker closed without merge [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request__closed',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `baxterthehacker closed without merge [${PR_1_TITLE}](${PR_1}).`,
  },
  {
    fixture: 'pull_request__merged',
    topic: TOPIC_PR,
    content: `baxterthehacker merged [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request_review',
    topic: TOPIC_PR,
    content: `baxterthehacker submitted [PR review](${PR_1}#pullrequestreview-2626884):\n\n~~~ quote\nLooks great!\n~~~`,
  },
  {
    fixture: 'pull_request_review',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `baxterthehacker submitted [PR review for #1 Update the README with new information](${PR_1}#pullrequestreview-2626884):\n\n~~~ quote\nLooks great!\n~~~`,
  },
  {
    fixture: 'pull_request_review__empty_body',
    topic: 'groonga / PR #1581 grn_db_value_lock: unlock GRN_TYPE obj...',
    content:
      'kou submitted [PR review](https://github.com/groonga/groonga/pull/1581#pullrequestreview-1483047907).',
  },
  {
    fixture: 'pull_request_review_comment',
    topic: TOPIC_PR,
    content: `baxterthehacker created [PR review comment](${PR_1}#discussion_r29724692):\n\n~~~ quote\nMaybe you should use more emojji on this line.\n~~~`,
  },
  {
    fixture: 'pull_request_review_comment',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `baxterthehacker created [PR review comment on #1 Update the README with new information](${PR_1}#discussion_r29724692):\n\n~~~ quote\nMaybe you should use more emojji on this line.\n~~~`,
  },
  {
    fixture: 'pull_request__locked',
    topic: TOPIC_PR,
    content: `tushar912 has locked [PR #1](${TUSHAR_PR_1}) as off-topic and limited conversation to collaborators.`,
  },
  {
    fixture: 'pull_request__unlocked',
    topic: TOPIC_PR,
    content: `tushar912 has unlocked [PR #1](${TUSHAR_PR_1}).`,
  },
  {
    fixture: 'pull_request__auto_merge_enabled',
    topic: TOPIC_PR,
    content: `tushar912 has enabled auto merge for [PR #1](${TUSHAR_PR_1}).`,
  },
  {
    fixture: 'pull_request__auto_merge_disabled',
    topic: TOPIC_PR,
    content: `tushar912 has disabled auto merge for [PR #1](${TUSHAR_PR_1}).`,
  },
  {
    fixture: 'pull_request__edited',
    topic: TOPIC_PR,
    content: `baxterthehacker edited [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request__synchronized_with_body',
    topic: TOPIC_PR,
    content: `baxterthehacker updated [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request__assigned',
    topic: TOPIC_PR,
    content: `baxterthehacker assigned baxterthehacker to [PR #1](${PR_1}).`,
  },
  {
    fixture: 'pull_request__assigned',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `baxterthehacker assigned baxterthehacker to [${PR_1_TITLE}](${PR_1}).`,
  },
  {
    fixture: 'pull_request__unassigned',
    topic: 'helloworld / PR #1 Mention that Zulip rocks!',
    content: 'eeshangarg unassigned [PR #1](https://github.com/zulip-test-org/helloworld/pull/1).',
  },
  {
    fixture: 'pull_request__ready_for_review',
    topic: 'temp-test-github-webhook / PR #2 Test',
    content:
      '**Hypro999** has marked [PR #2](https://github.com/Hypro999/temp-test-github-webhook/pull/2) as ready for review.',
  },
  {
    fixture: 'pull_request__review_requested',
    topic: 'Scheduler / PR #1 This is just a test commit',
    content: `**eeshangarg** requested [showell](https://github.com/showell) for a review on [PR #1](${SCHEDULER_PR_1}).`,
  },
  {
    fixture: 'pull_request__review_requested_team_reviewer',
    topic: 'webhook-test / PR #4 testing webhook',
    content:
      '**singhsourabh** requested [authority](https://github.com/orgs/test-org965/teams/authority) for a review on [PR #4](https://github.com/test-org965/webhook-test/pull/4).',
  },
  {
    fixture: 'pull_request__review_requested',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: `**eeshangarg** requested [showell](https://github.com/showell) for a review on [PR #1 This is just a test commit](${SCHEDULER_PR_1}).`,
  },
  ...['approved', 'converted_to_draft', 'labeled', 'review_request_removed', 'unlabeled'].map(
    (action): Case => ({ event: 'pull_request', body: JSON.stringify({ action }), ignored: true }),
  ),

  // teams
  {
    fixture: 'team__edited_description',
    topic: 'team Testing',
    content:
      '**Hypro999** changed the team description to:\n\n~~~ quote\nA temporary team so that I can get some webhook fixtures!\n~~~',
  },
  {
    fixture: 'team__edited_name',
    topic: 'team Testing Team',
    content: 'Team `Testing` was renamed to `Testing Team`.',
  },
  {
    fixture: 'team__edited_privacy_secret',
    topic: 'team Testing Team',
    content: 'Team visibility changed to `secret`',
  },
  ...['added_to_repository', 'created', 'deleted', 'removed_from_repository'].map(
    (action): Case => ({ event: 'team', body: JSON.stringify({ action }), ignored: true }),
  ),
  {
    event: 'team',
    body: JSON.stringify({
      action: 'edited',
      changes: { bogus_key1: {}, bogus_key2: {} },
      team: { name: 'My Team' },
    }),
    topic: 'team My Team',
    content: 'Team has changes to `bogus_key1/bogus_key2` data.',
  },

  // Events Zulip passes over whatever their payload says.
  ...[
    'check_suite',
    'label',
    'meta',
    'milestone',
    'organization',
    'project_card',
    'repository_vulnerability_alert',
  ].map((event): Case => ({ event, body: '{}', ignored: true })),

  // discussions
  {
    fixture: 'discussion',
    topic: TOPIC_DISCUSSION,
    content: `sbansal1999 created [discussion #20](${DISCUSSION_20}) in General:\n\n~~~ quote\n### Lets discuss\nSome random text about which no one cares.\r\n\n~~~`,
  },
  {
    fixture: 'discussion_comment',
    topic: TOPIC_DISCUSSION,
    content: DISCUSSION_COMMENT('discussion #20'),
  },
  {
    fixture: 'discussion_comment',
    params: NOTIFICATIONS,
    topic: 'notifications',
    content: DISCUSSION_COMMENT('discussion #20 Lets discuss'),
  },
  {
    fixture: 'discussion_comment__edited',
    topic: TOPIC_DISCUSSION,
    content: `sbansal1999 edited a [comment](${DISCUSSION_20}#discussioncomment-6332416) on [discussion #20](${DISCUSSION_20}):\n\n~~~ quote\nsome random comment edited\n~~~`,
  },
];

// Zulip's get_http_headers_from_filename: the event is the fixture's name before "__".
const eventOf = (sent: Sent) =>
  'fixture' in sent ? (sent.event ?? sent.fixture.replace(/__.*$/, '')) : sent.event;

function nameOf(entry: Case): string {
  if (!('fixture' in entry)) return `${entry.event} ${entry.body}`;
  const params = Object.entries(entry.params ?? {}).map(([key, value]) => `${key}=${value}`);
  return params.length > 0 ? `${entry.fixture}?${params.join('&')}` : entry.fixture;
}

describe("Zulip's GitHub webhook tests", () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;
  const stream = 'github';

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('github', stream));
  });
  afterAll(() => org?.close());

  it.each(cases.map((entry) => [nameOf(entry), entry] as const))('%s', async (_name, entry) => {
    const before = await newestInStream(org, alice, stream);
    const response = await postWebhook(org, bot, 'github', {
      query: { stream, ...('params' in entry ? entry.params : {}) },
      body: 'fixture' in entry ? zulipPayload('github', entry.fixture) : entry.body,
      headers: { 'X-GitHub-Event': eventOf(entry) },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const newest = await newestInStream(org, alice, stream);
    if ('ignored' in entry) {
      expect(newest?.id).toBe(before?.id);
      return;
    }
    expect(newest?.id).not.toBe(before?.id);
    expect(newest?.sender_id).toBe(bot.id);
    expect({ topic: newest?.subject, content: newest?.content }).toEqual({
      topic: entry.topic,
      content: entry.content,
    });
  });
});
