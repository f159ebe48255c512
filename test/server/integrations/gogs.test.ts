import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Gogs webhook tests (zerver/webhooks/gogs/tests.py; payloads and
// their commits in zulip-fixtures/gogs/SOURCE): each posts Zulip's payload
// with the X-Gogs-Event header named by the fixture, as check_webhook does.

const STREAM = 'commits';
const CLIENT = 'ZulipGogsWebhook';

const JOHN = 'http://localhost:3000/john/try-git';
const COMPARE = `${JOHN}/compare/479e6b772b7fba19412457483f50b201286d0103...d8fce16c72a2ff56a5afc8a08645a6ce45491794`;
const COMMIT = `* Webhook Test ([d8fce16c72a](${JOHN}/commit/d8fce16c72a2ff56a5afc8a08645a6ce45491794))`;
const KOSTEK = 'https://try.gogs.io/kostekIV/test';

const commits = (count: number) => Array.from({ length: count }, () => COMMIT).join('\n');
const quoted = (text: string) => `\n\n~~~ quote\n${text}\n~~~`;

interface Case {
  name: string;
  fixture: string;
  params?: Record<string, string>;
  topic: string;
  content: string;
}

const onePush = `john [pushed](${COMPARE}) 1 commit to branch master. Commits by John (1).\n\n${COMMIT}`;
const twoCommitters = `john [pushed](${COMPARE}) 2 commits to branch master. Commits by Benjamin (1) and John (1).\n\n${commits(2)}`;
// Zulip lists twenty commits and counts the rest.
const thirtyCommits = `john [pushed](${COMPARE}) 30 commits to branch master. Commits by John (30).\n\n${commits(20)}\n[and 10 more commit(s)]`;
const WANTED = { branches: 'master,development' };

const cases: Case[] = [
  { name: 'push', fixture: 'push', topic: 'try-git / master', content: onePush },
  {
    name: 'push multiple committers',
    fixture: 'push__commits_multiple_committers',
    topic: 'try-git / master',
    content: twoCommitters,
  },
  {
    name: 'push multiple committers filtered by branches',
    fixture: 'push__commits_multiple_committers',
    params: WANTED,
    topic: 'try-git / master',
    content: twoCommitters,
  },
  {
    name: 'push filtered by branches',
    fixture: 'push',
    params: WANTED,
    topic: 'try-git / master',
    content: onePush,
  },
  {
    name: 'push commits more than limits',
    fixture: 'push__commits_more_than_limits',
    topic: 'try-git / master',
    content: thirtyCommits,
  },
  {
    name: 'push commits more than limits filtered by branches',
    fixture: 'push__commits_more_than_limits',
    params: WANTED,
    topic: 'try-git / master',
    content: thirtyCommits,
  },
  {
    name: 'new branch',
    fixture: 'create__branch',
    topic: 'try-git / my_feature',
    content: `john created [my_feature](${JOHN}/src/my_feature) branch.`,
  },
  {
    name: 'pull request opened',
    fixture: 'pull_request__opened',
    topic: 'try-git / PR #1 Title Text for Pull Request',
    content: `john opened [PR #1](${JOHN}/pulls/1) from \`feature\` to \`master\`.`,
  },
  {
    name: 'pull request opened with custom topic in url',
    fixture: 'pull_request__opened',
    params: { topic: 'notifications' },
    topic: 'notifications',
    content: `john opened [PR #1 Title Text for Pull Request](${JOHN}/pulls/1) from \`feature\` to \`master\`.`,
  },
  {
    name: 'pull request closed',
    fixture: 'pull_request__closed',
    topic: 'try-git / PR #1 Title Text for Pull Request',
    content: `john closed [PR #1](${JOHN}/pulls/1) from \`feature\` to \`master\`.`,
  },
  {
    name: 'pull request merged',
    fixture: 'pull_request__merged',
    topic: 'try-git / PR #2 Title Text for Pull Request',
    content: `john merged [PR #2](${JOHN}/pulls/2) from \`feature\` to \`master\`.`,
  },
  {
    name: 'pull request reopened',
    fixture: 'pull_request__reopened',
    topic: 'test / PR #1349 reopened',
    content: `kostekIV reopened [PR #2](${KOSTEK}/pulls/2) from \`c\` to \`master\`.`,
  },
  {
    name: 'pull request edited',
    fixture: 'pull_request__edited',
    topic: 'test / PR #1349 Test',
    content: `kostekIV edited [PR #2](${KOSTEK}/pulls/2).`,
  },
  {
    name: 'pull request assigned',
    fixture: 'pull_request__assigned',
    topic: 'test / PR #1349 Test',
    content: `kostekIV assigned kostekIV to [PR #2](${KOSTEK}/pulls/2) from \`c\` to \`master\`.`,
  },
  {
    name: 'pull request synchronized',
    fixture: 'pull_request__synchronized',
    topic: 'test / PR #1349 Test',
    content: `kostekIV synchronized [PR #2](${KOSTEK}/pulls/2) from \`c\` to \`master\`.`,
  },
  {
    name: 'issues opened',
    fixture: 'issues__opened',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV opened [issue #3](${KOSTEK}/issues/3):${quoted('Test')}`,
  },
  {
    name: 'issues reopened',
    fixture: 'issues__reopened',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV reopened [issue #3](${KOSTEK}/issues/3):${quoted('Test')}`,
  },
  {
    name: 'issues edited',
    fixture: 'issues__edited',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV edited [issue #3](${KOSTEK}/issues/3):${quoted('Test edit')}`,
  },
  {
    name: 'issues assignee',
    fixture: 'issues__assigned',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV assigned kostekIV to [issue #3](${KOSTEK}/issues/3) (assigned to kostekIV):${quoted('Test')}`,
  },
  {
    name: 'issues closed',
    fixture: 'issues__closed',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV closed [issue #3](${KOSTEK}/issues/3):${quoted('Closed #3')}`,
  },
  {
    name: 'issue comment new',
    fixture: 'issue_comment__new',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV [commented](${KOSTEK}/issues/3#issuecomment-3635) on [issue #3](${KOSTEK}/issues/3):${quoted('Test comment')}`,
  },
  {
    name: 'issue comment edited',
    fixture: 'issue_comment__edited',
    topic: 'test / issue #3 New test issue',
    content: `kostekIV edited a [comment](${KOSTEK}/issues/3#issuecomment-3634) on [issue #3](${KOSTEK}/issues/3):${quoted('edit comment')}`,
  },
  {
    name: 'release published',
    fixture: 'release__published',
    topic: 'zulip_test / v1.4 Title',
    content:
      'cestrell published release [Title](https://try.gogs.io/cestrell/zulip_test) for tag v1.4.',
  },
];

// Zulip's tests that a push to a branch the URL leaves out posts nothing.
const ignoredPushes = [
  'push',
  'push__commits_more_than_limits',
  'push__commits_multiple_committers',
];

/** The X-Gogs-Event header of a fixture, as Zulip's fixture_to_headers derives it. */
const eventOf = (fixture: string) => fixture.split('__')[0] ?? fixture;

describe("Zulip's Gogs webhook tests", () => {
  const integration = integrationUnderTest('gogs', STREAM, 'Gogs');
  const headers = (event: string) => ({ 'X-Gogs-Event': event });
  const post = (body: string, event: string, query: Record<string, string> = {}) =>
    integration.post(body, query, headers(event));

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const response = await post(zulipPayload('gogs', entry.fixture), eventOf(entry.fixture), {
      ...entry.params,
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, entry.topic, entry.content);
  });

  it.each(ignoredPushes)('posts nothing for %s to a branch the URL leaves out', (fixture) =>
    integration.expectNothingPosted(zulipPayload('gogs', fixture), {
      query: { branches: 'changes,development' },
      headers: headers('push'),
    }),
  );

  it('answers an event it does not know as unsupported, posting nothing', () =>
    integration.expectUnsupported(zulipPayload('gogs', 'create__branch'), 'fork', {
      headers: headers('fork'),
    }));

  it('refuses a pull request without its number, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('gogs', 'pull_request__opened'));
    delete payload.pull_request.number;
    return integration.expectMissingKey(JSON.stringify(payload), 'pull_request.number', {
      headers: headers('pull_request'),
    });
  });
});
