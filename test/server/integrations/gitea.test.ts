import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Gitea webhook tests (zerver/webhooks/gitea/tests.py; payloads and
// their commits in zulip-fixtures/gitea/SOURCE): each posts Zulip's payload
// with the X-Gitea-Event header named by the fixture, as check_webhook does.

const STREAM = 'commits';
const CLIENT = 'ZulipGiteaWebhook';

const TEST = 'https://try.gitea.io/kostekIV/test';
const quoted = (text: string) => `\n\n~~~ quote\n${text}\n~~~`;

const pushed =
  `kostekIV [pushed](${TEST}/compare/21138d2ca0ce18f8e037696fdbe1b3f0c211f630...2ec0c971d04723523aa20f2b378f8b419b47d4ec) 5 commits to branch d.\n\n` +
  [
    '2ec0c971d04723523aa20f2b378f8b419b47d4ec',
    '6cb1701c8b0114ad716f4cd49153076e7109cb85',
    '6773eabc0778a3e38997c06a13f5f0c48b67e5dc',
    '337402cf675ce7082ddcd23d06a116c85241825a',
    '0a38cad3fac3a13bb78b738d13f15ce9cc3343fa',
  ]
    .map((sha) => `* commit ([${sha.slice(0, 11)}](${TEST}/commit/${sha}))`)
    .join('\n');

const cases: [name: string, fixture: string, topic: string, content: string][] = [
  ['multiple commits', 'push__5_commits', 'test / d', pushed],
  [
    'new branch',
    'create__branch',
    'test / test-branch',
    `kostekIV created [test-branch](${TEST}/src/test-branch) branch.`,
  ],
  [
    'pull request opened',
    'pull_request__opened',
    'test / PR #1905 New pr',
    `kostekIV opened [PR #4](${TEST}/pulls/4) from \`test-branch\` to \`master\`.`,
  ],
  [
    'pull request merged',
    'pull_request__merged',
    'zulip-terminal / PR #1905 Fix remove-op on reaction event',
    `kostekIV merged [PR #1905](${TEST}/pulls/4) from \`reaction-metadata\` to \`main\`.`,
  ],
  [
    'pull request edited',
    'pull_request__edited',
    'test / PR #1906 test 2',
    `kostekIV edited [PR #5](${TEST}/pulls/5).`,
  ],
  [
    'pull request reopened',
    'pull_request__reopened',
    'test / PR #1906 test 2',
    `kostekIV reopened [PR #5](${TEST}/pulls/5) from \`d\` to \`master\`.`,
  ],
  [
    'pull request closed',
    'pull_request__closed',
    'test / PR #1906 test 2',
    `kostekIV closed [PR #5](${TEST}/pulls/5) from \`d\` to \`master\`.`,
  ],
  [
    'pull request closed different user',
    'pull_request__closed_diff_user',
    'test / PR #126085 PR closed',
    'Aneesh-Hegde closed [PR #1](https://gitea.com/Aneesh-Hegde/test-repo/pulls/1) from `main` to `main`.',
  ],
  [
    'pull request assigned',
    'pull_request__assigned',
    'test / PR #1906 test 2',
    `kostekIV assigned kostekIV to [PR #5](${TEST}/pulls/5) from \`d\` to \`master\` (assigned to kostekIV).`,
  ],
  [
    'issues opened',
    'issues__opened',
    'test / issue #3 Test issue',
    `kostekIV opened [issue #3](${TEST}/issues/3):${quoted('Test body')}`,
  ],
  [
    'issues edited',
    'issues__edited',
    'test / issue #3 Test issue 2',
    `kostekIV edited [issue #3](${TEST}/issues/3) (assigned to kostekIV):${quoted('Test body')}`,
  ],
  [
    'issues closed',
    'issues__closed',
    'test / issue #3 Test issue 2',
    `kostekIV closed [issue #3](${TEST}/issues/3) (assigned to kostekIV):${quoted('Test body')}`,
  ],
  [
    'issues assigned',
    'issues__assigned',
    'test / issue #3 Test issue',
    `kostekIV assigned kostekIV to [issue #3](${TEST}/issues/3) (assigned to kostekIV):${quoted('Test body')}`,
  ],
  [
    'issues reopened',
    'issues__reopened',
    'test / issue #3 Test issue 2',
    `kostekIV reopened [issue #3](${TEST}/issues/3) (assigned to kostekIV):${quoted('Test body')}`,
  ],
  [
    'issue comment new',
    'issue_comment__new',
    'test / issue #3 Test issue',
    `kostekIV [commented](${TEST}/issues/3#issuecomment-24400) on [issue #3](${TEST}/issues/3):${quoted('test comment')}`,
  ],
  [
    'issue comment in pr',
    'issue_comment__in_pr',
    'test / issue #1 dummy',
    `kostekIV [commented](${TEST}/pulls/1/files#issuecomment-24399) on [issue #1](${TEST}/issues/1):${quoted('test comment')}`,
  ],
  [
    'issue comment edited',
    'issue_comment__edited',
    'test / issue #3 Test issue 2',
    `kostekIV edited a [comment](${TEST}/issues/3#issuecomment-24400) on [issue #3](${TEST}/issues/3):${quoted('edit test comment')}`,
  ],
];

/** The X-Gitea-Event header of a fixture, as Zulip's fixture_to_headers derives it. */
const eventOf = (fixture: string) => fixture.split('__')[0] ?? fixture;

describe("Zulip's Gitea webhook tests", () => {
  const integration = integrationUnderTest('gitea', STREAM, 'Gitea');
  const post = (
    body: string,
    headers: Record<string, string>,
    query: Record<string, string> = {},
  ) => integration.post(body, query, headers);

  it.each(cases)('%s', async (_name, fixture, topic, content) => {
    const response = await post(zulipPayload('gitea', fixture), {
      'X-Gitea-Event': eventOf(fixture),
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it('posts nothing for a push to a branch the URL leaves out', () =>
    integration.expectNothingPosted(zulipPayload('gitea', 'push__5_commits'), {
      query: { branches: 'changes,development' },
      headers: { 'X-Gitea-Event': 'push' },
    }));

  // Forgejo posts Gitea's payloads with its own event header beside Gitea's.
  it("reads a Forgejo delivery of Gitea's payload alike", async () => {
    const response = await post(zulipPayload('gitea', 'push__5_commits'), {
      'X-Forgejo-Event': 'push',
      'X-Gitea-Event': 'push',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, 'test / d', pushed);
  });

  it('answers an event it does not know as unsupported, posting nothing', () =>
    integration.expectUnsupported(zulipPayload('gitea', 'create__branch'), 'delete', {
      headers: { 'X-Gitea-Event': 'delete' },
    }));

  it('refuses an issue comment without its body, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('gitea', 'issue_comment__new'));
    delete payload.comment.body;
    return integration.expectMissingKey(JSON.stringify(payload), 'comment.body', {
      headers: { 'X-Gitea-Event': 'issue_comment' },
    });
  });

  it('answers a delivery without X-Gitea-Event as missing its header', async () => {
    const response = await post(zulipPayload('gitea', 'push__5_commits'), {});
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-Gitea-Event',
    });
  });
});
