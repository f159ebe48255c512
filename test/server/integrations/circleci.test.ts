import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's CircleCI webhook tests (zerver/webhooks/circleci/tests.py; payloads
// and their commits in zulip-fixtures/circleci/SOURCE), posted as check_webhook
// posts them: JSON, no event header.

const STREAM = 'circleci';
const CLIENT = 'ZulipCircleCIWebhook';

const BB = 'https://bitbucket.org/hariprashant1/circleci-webhook-testing';
const GH = 'https://github.com/zulip-testing/circleci-webhook-test';
const GL = 'https://gitlab.com/zulip-testing/circleci-webhook-test';
const PIPELINES = 'https://app.circleci.com/pipelines';

const bbCommit = `[\`8ab595d2de9: app.py edited online with Bitbucket\`](${BB}/commits/8ab595d2de95767993472837df2cb7884519a92b) on branch \`master\` by Hari Prashant Bhimaraju.`;
const glCommit = `[\`c31f86994c5: app: Enhance message within hello().\`](${GL}/-/commit/c31f86994c54672f97b5bd5e544315b7bd40e4c1) on branch \`main\` by Hari Prashant Bhimaraju.`;
const glWorkflow = `${PIPELINES}/circleci/89xcrx7UvWQfzcUPAEmu5Q/63AY3yf3XeUQojmQcGZTtB/3/workflows/b23ceb64-127a-4075-a27c-d204a7a0a3b3`;

const cases: [fixture: string, topic: string, content: string][] = [
  ['ping', 'Test event', "Webhook 'Testing' test event successful."],
  [
    'bitbucket_job_completed',
    'circleci-webhook-testing',
    `Job \`build-and-test\` within Pipeline #4 has succeeded.\n\nTriggered on ${bbCommit}`,
  ],
  [
    'bitbucket_manual_workflow_completed',
    'circleci-webhook-testing',
    `Workflow [\`sample\`](${PIPELINES}/bitbucket/hariprashant1/circleci-webhook-testing/2/workflows/baa45986-84db-47a0-bc6c-89e9fe751bc9) within Pipeline #2 has succeeded.\n\n` +
      `Triggered on \`master\`'s HEAD on [cab5eacb4cc](${BB}/commits/cab5eacb4ccee2710529894425341fa20a48fe6a).`,
  ],
  [
    'bitbucket_workflow_completed',
    'circleci-webhook-testing',
    `Workflow [\`sample\`](${PIPELINES}/bitbucket/hariprashant1/circleci-webhook-testing/4/workflows/fd29ef0c-3e39-4c8f-b1d5-d8be1bab8165) within Pipeline #4 has succeeded.\n\nTriggered on ${bbCommit}`,
  ],
  [
    'github_job_completed',
    'main branch - build notifications',
    `Job \`build-and-test\` within Pipeline #4 has succeeded.\n\n` +
      `Triggered on [\`a5e30a90822: Fix remove-op on reaction event.\`](${GH}/commit/a5e30a908224e46626a796d058289475f6d387b5) on branch \`main\` by Hari Prashant Bhimaraju.`,
  ],
  [
    'github_tag_workflow_completed',
    'circleci-webhook-test',
    `Workflow [\`sample\`](${PIPELINES}/github/prah23/circleci-webhook-test/20/workflows/045c6271-78e2-4802-8a62-f4fa6d25d0c9) within Pipeline #20 has succeeded.\n\n` +
      'Triggered on the latest tag on [0e6e66c14e6](https://github.com/prah23/circleci-webhook-test/commit/0e6e66c14e61fbcd95db716b0f30d67dbcce7814).',
  ],
  [
    'github_workflow_completed',
    'circleci-webhook-test',
    `Workflow [\`sample\`](${PIPELINES}/github/zulip-testing/circleci-webhook-test/4/workflows/7381218b-d04c-4aa3-b8b8-8c00a9319d1f) within Pipeline #4 has succeeded.\n\n` +
      `Triggered on [\`a5e30a90822: .circleci: Update Webhook URL.\`](${GH}/commit/a5e30a908224e46626a796d058289475f6d387b5) on branch \`main\` by Hari Prashant Bhimaraju.`,
  ],
  [
    'gitlab_job_completed',
    'circleci-webhook-test',
    `Job \`build-and-test\` within Pipeline #3 has succeeded.\n\nTriggered on ${glCommit}`,
  ],
  [
    'gitlab_workflow_completed',
    'circleci-webhook-test',
    `Workflow [\`sample\`](${glWorkflow}) within Pipeline #3 has succeeded.\n\nTriggered on ${glCommit}`,
  ],
];

describe("Zulip's CircleCI webhook tests", () => {
  const integration = integrationUnderTest('circleci', STREAM, 'CircleCI');

  it.each(cases)('%s', async (fixture, topic, content) => {
    const response = await integration.post(zulipPayload('circleci', fixture));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it("filters by the payload's type", () =>
    integration.expectNothingPosted(zulipPayload('circleci', 'github_job_completed'), {
      query: { only_events: '["workflow-completed"]' },
    }));

  it('refuses a job without its status, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('circleci', 'gitlab_job_completed'));
    delete payload.job.status;
    return integration.expectMissingKey(JSON.stringify(payload), 'job.status');
  });
});
