import { describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  integrationUnderTest,
  newestMessages,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's Bitbucket Cloud webhook tests (zerver/webhooks/bitbucket2/tests.py;
// payloads and versions in zulip-fixtures/bitbucket2/SOURCE): each posts
// Zulip's payload as the test does and checks the messages it reads back.

const CLIENT = 'ZulipBitbucket2Webhook';
const STREAM = 'bitbucket2';
const REPO = 'https://bitbucket.org/kolaszek/repository-name';
const TOPIC = 'Repository name';
const BRANCH_TOPIC = 'Repository name / master';
const ISSUE_TOPIC = 'Repository name / issue #1 Bug';
const PR_TOPIC = 'Repository name / PR #1 new commit';
const OWN_TOPIC = { topic: 'notifications' };
const BRANCHES = { branches: 'master,development' };
const OTHER_BRANCHES = { branches: 'changes,development' };

const rows = (row: string, count: number) => Array.from({ length: count }, () => row).join('\n');
const FIRST = `* first commit ([84b96adc644](${REPO}/commits/84b96adc644a30fd6465b3d196369d880762afed))`;
const PUSHED = `Tomasz [pushed](${REPO}/branch/master)`;
const ONE_COMMIT = `${PUSHED} 1 commit to branch master.\n\n${FIRST}`;
const THREE_COMMITS = `${PUSHED} 3 commits to branch master. Commits by Ben (2) and Tomasz (1).\n\n${rows(FIRST, 3)}`;
const TEN_COMMITS =
  `${PUSHED} 10 commits to branch master. ` +
  `Commits by Tomasz (4), James (3), Brendon (2) and others (1).\n\n${rows(FIRST, 10)}`;
const TRUNCATED =
  `Tomasz [pushed](${REPO}/branches/compare/6f161a7bced94430ac8947d87dbf45c6deee3fb0..1221f2fda6f1e3654b09f1f3a08390e4cb25bb48) ` +
  `5 commits to branch master.\n\n` +
  `${rows(`* a ([6f161a7bced](${REPO}/commits/6f161a7bced94430ac8947d87dbf45c6deee3fb0))`, 5)}\n` +
  '[and more commit(s)]';
const FORCED = `Tomasz [force pushed](${REPO}/branch/master) to branch master. Head is now 25f93d22b719e2d678a7ad5ee0ef0d1fcdf39c12.`;
const tag = (action: string, name: string) =>
  `Tomasz ${action} tag [${name}](${REPO}/commits/tag/${name}).`;

const issue = (title: string) => `[issue #1${title}](${REPO}/issues/2/bug)`;
const issueCreated = (title = '') =>
  `Tomasz created ${issue(title)} (assigned to Tomasz):\n\n~~~ quote\nSuch a bug\n~~~`;
const issueCommented = (title = '') =>
  `Tomasz [commented](${REPO}/issues/2#comment-28973596) on ${issue(title)}.`;

const pr = (title: string, id = 1) => `[PR #1${title}](${REPO}/pull-requests/${id})`;
const prCreated = (title = '') =>
  `Tomasz created ${pr(title)} from \`new-branch\` to \`master\` (assigned to Tomasz Kolek):\n\n` +
  '~~~ quote\ndescription\n~~~';
const prComment = (action: string, title = '') =>
  `Tomasz ${action}(${REPO}/pull-requests/3/_/diff#comment-20576503) on ${pr(title, 3)}:\n\n` +
  '~~~ quote\nComment1\n~~~';

const REPO_UPDATED = [
  'eeshangarg changed the website of the **new-name** repo to **http://zulipchat.com**.',
  'eeshangarg changed the name of the **new-name** repo from **test-repo** to **new-name**.',
  'eeshangarg changed the language of the **new-name** repo to **python**.',
  'eeshangarg changed the full name of the **new-name** repo from **webhooktest/test-repo** to **webhooktest/new-name**.',
  'eeshangarg changed the description of the **new-name** repo to **Random description.**',
].join('\n');

interface Case {
  name: string;
  fixture: string;
  /** The X-Event-Key header, where Zulip's test sends one. */
  eventKey?: string;
  params?: Record<string, string>;
  topic: string;
  content: string;
}

// One row per test of tests.py that checks a single (the newest) message.
const cases: Case[] = [
  { name: 'push', fixture: 'push', topic: BRANCH_TOPIC, content: ONE_COMMIT },
  {
    name: 'push by multiple committers',
    fixture: 'push_multiple_committers',
    topic: BRANCH_TOPIC,
    content: THREE_COMMITS,
  },
  {
    name: 'push by multiple committers with others',
    fixture: 'push_multiple_committers_with_others',
    topic: BRANCH_TOPIC,
    content: TEN_COMMITS,
  },
  {
    name: 'push by multiple committers filtered by branches',
    fixture: 'push_multiple_committers',
    params: BRANCHES,
    topic: BRANCH_TOPIC,
    content: THREE_COMMITS,
  },
  {
    name: 'push by multiple committers with others filtered by branches',
    fixture: 'push_multiple_committers_with_others',
    params: BRANCHES,
    topic: BRANCH_TOPIC,
    content: TEN_COMMITS,
  },
  {
    name: 'push filtered by branches',
    fixture: 'push',
    params: BRANCHES,
    topic: BRANCH_TOPIC,
    content: ONE_COMMIT,
  },
  {
    name: 'push of commits above the limit',
    fixture: 'push_commits_above_limit',
    topic: BRANCH_TOPIC,
    content: TRUNCATED,
  },
  {
    name: 'push of commits above the limit filtered by branches',
    fixture: 'push_commits_above_limit',
    params: BRANCHES,
    topic: BRANCH_TOPIC,
    content: TRUNCATED,
  },
  { name: 'force push', fixture: 'force_push', topic: BRANCH_TOPIC, content: FORCED },
  {
    name: 'force push filtered by branches',
    fixture: 'force_push',
    params: BRANCHES,
    topic: BRANCH_TOPIC,
    content: FORCED,
  },
  {
    name: 'branch removed',
    fixture: 'remove_branch',
    topic: BRANCH_TOPIC,
    content: 'Tomasz deleted branch master.',
  },
  {
    name: 'fork',
    fixture: 'fork',
    topic: TOPIC,
    content:
      'Tomasz forked the repository into [kolaszek/repository-name2](https://bitbucket.org/kolaszek/repository-name2).',
  },
  {
    name: 'commit comment created',
    fixture: 'commit_comment_created',
    topic: TOPIC,
    content:
      `Tomasz [commented](${REPO}/commits/32c4ea19aa3af10acd08e419e2c354941a365d74#comment-3354963) ` +
      `on [32c4ea19aa3](${REPO}/commits/32c4ea19aa3af10acd08e419e2c354941a365d74):\n~~~ quote\nNice fix!\n~~~`,
  },
  {
    name: 'commit status changed',
    fixture: 'commit_status_changed',
    topic: TOPIC,
    content:
      '[System mybuildtool](https://my-build-tool.com/builds/MY-PROJECT/BUILD-777) changed status of ' +
      `[9fec847784a](${REPO}/commits/9fec847784abb10b2fa567ee63b85bd238955d0e) to SUCCESSFUL.`,
  },
  { name: 'issue created', fixture: 'issue_created', topic: ISSUE_TOPIC, content: issueCreated() },
  {
    name: 'issue created with a topic in the URL',
    fixture: 'issue_created',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: issueCreated(' Bug'),
  },
  {
    name: 'issue updated',
    fixture: 'issue_updated',
    topic: ISSUE_TOPIC,
    content: `Tomasz updated ${issue('')}.`,
  },
  {
    name: 'issue commented',
    fixture: 'issue_commented',
    topic: ISSUE_TOPIC,
    content: issueCommented(),
  },
  {
    name: 'issue commented with a topic in the URL',
    fixture: 'issue_commented',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: issueCommented(' Bug'),
  },
  {
    name: 'pull request created',
    fixture: 'pull_request_created_or_updated',
    eventKey: 'pullrequest:created',
    topic: PR_TOPIC,
    content: prCreated(),
  },
  {
    name: 'pull request created without a reviewer username',
    fixture: 'pull_request_created_or_updated_without_username',
    eventKey: 'pullrequest:created',
    topic: PR_TOPIC,
    content: prCreated(),
  },
  {
    name: 'pull request created with a topic in the URL',
    fixture: 'pull_request_created_or_updated',
    eventKey: 'pullrequest:created',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: prCreated(' new commit'),
  },
  {
    name: 'pull request updated',
    fixture: 'pull_request_created_or_updated',
    eventKey: 'pullrequest:updated',
    topic: PR_TOPIC,
    content: `Tomasz updated ${pr('')} (assigned to Tomasz Kolek):\n\n~~~ quote\ndescription\n~~~`,
  },
  {
    name: 'pull request approved',
    fixture: 'pull_request_approved_or_unapproved',
    eventKey: 'pullrequest:approved',
    topic: PR_TOPIC,
    content: `Tomasz approved ${pr('')}.`,
  },
  {
    name: 'pull request approved with a topic in the URL',
    fixture: 'pull_request_approved_or_unapproved',
    eventKey: 'pullrequest:approved',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: `Tomasz approved ${pr(' new commit')}.`,
  },
  {
    name: 'pull request unapproved',
    fixture: 'pull_request_approved_or_unapproved',
    eventKey: 'pullrequest:unapproved',
    topic: PR_TOPIC,
    content: `Tomasz unapproved ${pr('')}.`,
  },
  {
    name: 'pull request declined',
    fixture: 'pull_request_fulfilled_or_rejected',
    eventKey: 'pullrequest:rejected',
    topic: PR_TOPIC,
    content: `Tomasz rejected ${pr('')}.`,
  },
  {
    name: 'pull request fulfilled',
    fixture: 'pull_request_fulfilled_or_rejected',
    eventKey: 'pullrequest:fulfilled',
    topic: PR_TOPIC,
    content: `Tomasz merged ${pr('')} from \`new-branch\` to \`master\`.`,
  },
  {
    name: 'pull request comment created',
    fixture: 'pull_request_comment_action',
    eventKey: 'pullrequest:comment_created',
    topic: PR_TOPIC,
    content: prComment('[commented]'),
  },
  {
    name: 'pull request comment created with a topic in the URL',
    fixture: 'pull_request_comment_action',
    eventKey: 'pullrequest:comment_created',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: prComment('[commented]', ' new commit'),
  },
  {
    name: 'pull request comment updated',
    fixture: 'pull_request_comment_action',
    eventKey: 'pullrequest:comment_updated',
    topic: PR_TOPIC,
    content: prComment('updated a [comment]'),
  },
  {
    name: 'pull request comment updated with a topic in the URL',
    fixture: 'pull_request_comment_action',
    eventKey: 'pullrequest:comment_updated',
    params: OWN_TOPIC,
    topic: 'notifications',
    content: prComment('updated a [comment]', ' new commit'),
  },
  {
    name: 'pull request comment deleted',
    fixture: 'pull_request_comment_action',
    eventKey: 'pullrequest:comment_deleted',
    topic: PR_TOPIC,
    content: prComment('deleted a [comment]'),
  },
  {
    name: 'repository updated',
    fixture: 'repo_updated',
    eventKey: 'repo:updated',
    topic: 'new-name',
    content: REPO_UPDATED,
  },
  {
    name: 'one tag pushed',
    fixture: 'push_one_tag',
    eventKey: 'pullrequest:push',
    topic: TOPIC,
    content: tag('pushed', 'a'),
  },
  {
    name: 'tag removed',
    fixture: 'push_remove_tag',
    eventKey: 'pullrequest:push',
    topic: TOPIC,
    content: tag('removed', 'a'),
  },
  // The branch's change is still sent: Zulip filters on the last change, a tag.
  {
    name: 'branch and tag pushed, filtered by other branches',
    fixture: 'more_than_one_push_event',
    eventKey: 'pullrequest:push',
    params: OTHER_BRANCHES,
    topic: TOPIC,
    content: tag('pushed', 'a'),
  },
];

describe('the Bitbucket Cloud integration', () => {
  const integration = integrationUnderTest('bitbucket2', STREAM, 'Bitbucket2');
  const post = (body: string, params: Record<string, string> = {}, eventKey?: string) =>
    integration.post(body, params, eventKey === undefined ? {} : { 'X-Event-Key': eventKey });
  const lastTwo = async () =>
    (await newestMessages(integration.hook.org, integration.hook.owner, 2)).map(
      ({ subject, content }) => ({
        subject,
        content,
      }),
    );

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const response = await post(
      zulipPayload('bitbucket2', entry.fixture),
      entry.params,
      entry.eventKey,
    );
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, entry.topic, entry.content);
  });

  it('posts one message per tag pushed', async () => {
    await post(zulipPayload('bitbucket2', 'push_more_than_one_tag'), {}, 'pullrequest:push');
    expect(await lastTwo()).toEqual([
      { subject: TOPIC, content: tag('pushed', 'a') },
      { subject: TOPIC, content: tag('pushed', 'b') },
    ]);
  });

  it.each([
    ['without a branch filter', {}],
    ['filtered by branches', BRANCHES],
  ])('posts a branch push and a tag push as two messages, %s', async (_name, params) => {
    await post(zulipPayload('bitbucket2', 'more_than_one_push_event'), params, 'pullrequest:push');
    expect(await lastTwo()).toEqual([
      { subject: BRANCH_TOPIC, content: ONE_COMMIT },
      { subject: TOPIC, content: tag('pushed', 'a') },
    ]);
  });

  it.each([
    ['push', OTHER_BRANCHES],
    ['push_commits_above_limit', OTHER_BRANCHES],
    ['force_push', OTHER_BRANCHES],
    ['push_multiple_committers', OTHER_BRANCHES],
    ['push_multiple_committers_with_others', OTHER_BRANCHES],
    ['push_without_changes', {}],
  ])('posts nothing for %s with %o', (fixture, query) =>
    integration.expectNothingPosted(zulipPayload('bitbucket2', fixture), { query }),
  );

  // Zulip's unit test of get_user_info, through the actor of a fork.
  it.each([
    [{ nickname: 'alice', noisy_field: 'whatever', display_name: 'Alice Smith' }, 'Alice Smith'],
    [{ nickname: 'alice', noisy_field: 'whatever' }, 'alice'],
    [{ noisy_field: 'whatever' }, 'Unknown user'],
    [{}, 'Unknown user'],
  ])('names the actor %o as %s', async (actor, name) => {
    const payload = JSON.parse(zulipPayload('bitbucket2', 'fork'));
    const response = await post(JSON.stringify({ ...payload, actor }));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(
      integration.hook,
      CLIENT,
      TOPIC,
      `${name} forked the repository into [kolaszek/repository-name2](https://bitbucket.org/kolaszek/repository-name2).`,
    );
  });

  it.each([
    [
      'a pull request action it does not know',
      'pull_request_approved_or_unapproved',
      'pullrequest:superseded',
    ],
    ['a repository event other than an update', 'repo_updated', 'repo:transfer'],
  ])('answers %s as unsupported, posting nothing', (_name, fixture, eventKey) =>
    integration.expectUnsupported(zulipPayload('bitbucket2', fixture), eventKey, {
      headers: { 'X-Event-Key': eventKey },
    }),
  );

  it('refuses a pull request without the X-Event-Key header that names its action', async () => {
    const response = await post(zulipPayload('bitbucket2', 'pull_request_approved_or_unapproved'));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-Event-Key',
    });
  });

  it('refuses a fork without the name of the new repository, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('bitbucket2', 'fork'));
    delete payload.fork.full_name;
    return integration.expectMissingKey(JSON.stringify(payload), 'fork.full_name');
  });

  it('names each message by its event for exclude_events', () =>
    integration.expectNothingPosted(
      zulipPayload('bitbucket2', 'pull_request_approved_or_unapproved'),
      {
        query: { exclude_events: '["pull_request_approved"]' },
        headers: { 'X-Event-Key': 'pullrequest:approved' },
      },
    ));
});
