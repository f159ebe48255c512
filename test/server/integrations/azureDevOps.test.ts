import { describe, expect, it } from 'vitest';
import { expectBotMessage, integrationUnderTest, zulipPayload } from '../../helpers/webhooks';

// Zulip's Azure DevOps webhook tests (zerver/webhooks/azuredevops/tests.py, see
// zulip-fixtures/azuredevops/SOURCE): each posts Zulip's payload as JSON to a
// URL naming the stream, and checks the stream's newest message.

const CLIENT = 'ZulipAzureDevOpsWebhook';
const STREAM = 'azure-devops';
const REPO = 'https://dev.azure.com/ttchong/test-zulip/_git/test-zulip';
const compare = (from: string, to: string) =>
  `${REPO}/branchCompare?baseVersion=GC${from}&targetVersion=GC${to}&_a=files`;
const ADD_REPLY = `* Add reply ([0929a3404b3](${REPO}/commit/0929a3404b39f6e39076a640779b2c1c961e19b5))`;
const HOW_ARE_YOU = `* Add how are you ([819ce8de51b](${REPO}/commit/819ce8de51bedfc250c202edcaee0ce8dc70bf3b))`;
const MODIFY_README = `* Modify readme ([b0ce2f2009c](${REPO}/commit/b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369))`;

interface Case {
  name: string;
  fixture: string;
  query?: Record<string, string>;
  topic: string;
  content: string;
}

const cases: Case[] = [
  {
    name: 'push event message',
    fixture: 'code_push',
    topic: 'test-zulip / main',
    content:
      'Yuro Itaki [pushed](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/branchCompare?baseVersion=GC51515957669f93c543df09f8f3e7f47c3613c879&targetVersion=GCb0ce2f2009c3c87dbefadf61d7eb2c0697a6f369&_a=files) 1 commit to branch main.\n\n* Modify readme ([b0ce2f2009c](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/commit/b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369))',
  },
  {
    name: 'push event message filtered by branches',
    fixture: 'code_push',
    query: { branches: 'main,dev' },
    topic: 'test-zulip / main',
    content:
      'Yuro Itaki [pushed](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/branchCompare?baseVersion=GC51515957669f93c543df09f8f3e7f47c3613c879&targetVersion=GCb0ce2f2009c3c87dbefadf61d7eb2c0697a6f369&_a=files) 1 commit to branch main.\n\n* Modify readme ([b0ce2f2009c](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/commit/b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369))',
  },
  {
    name: 'push local branch without commits',
    fixture: 'code_push__local_branch_without_commits',
    topic: 'test-zulip / dev',
    content:
      'Yuro Itaki [pushed](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/branchCompare?baseVersion=GC0000000000000000000000000000000000000000&targetVersion=GC0929a3404b39f6e39076a640779b2c1c961e19b5&_a=files) the branch dev.',
  },
  {
    name: 'push multiple committers',
    fixture: 'code_push__multiple_committers',
    topic: 'test-zulip / main',
    content:
      'Yuro Itaki [pushed](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/branchCompare?baseVersion=GCcc21b940719cc372b364d932eb39e528b0ec2a91&targetVersion=GC0929a3404b39f6e39076a640779b2c1c961e19b5&_a=files) 2 commits to branch main. Commits by Itachi Sensei (1) and Yuro Itaki (1).\n\n* Add reply ([0929a3404b3](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/commit/0929a3404b39f6e39076a640779b2c1c961e19b5))\n* Add how are you ([819ce8de51b](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/commit/819ce8de51bedfc250c202edcaee0ce8dc70bf3b))',
  },
  {
    name: 'push remove branch',
    fixture: 'code_push__remove_branch',
    topic: 'test-zulip / dev',
    content:
      'Yuro Itaki [pushed](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/branchCompare?baseVersion=GC0929a3404b39f6e39076a640779b2c1c961e19b5&targetVersion=GC0000000000000000000000000000000000000000&_a=files) the branch dev.',
  },
  {
    name: 'pull request opened',
    fixture: 'code_pull_request__opened',
    topic: 'test-zulip / PR #1 Add PR request',
    content:
      'Yuro Itaki created [PR #1 Add PR request](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/1) from `dev` to `main`:\n\n~~~ quote\nAdd PR request\n~~~',
  },
  {
    name: 'pull request opened without description',
    fixture: 'code_pull_request__opened_without_description',
    topic: 'test-zulip / PR #2 Raised 2nd PR!',
    content:
      'Yuro Itaki created [PR #2 Raised 2nd PR!](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/2) from `stg` to `main`.',
  },
  {
    name: 'pull request merged',
    fixture: 'code_pull_request__merged',
    topic: 'test-zulip / PR #1 Add PR request',
    content:
      'Yuro Itaki merged [PR #1 Add PR request](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/1) from `dev` to `main`.',
  },
  {
    name: 'pull request updated',
    fixture: 'code_pull_request__updated',
    topic: 'test-zulip / PR #2 Raised 2nd PR!',
    content:
      'Yuro Itaki updated [PR #2 Raised 2nd PR!](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/2)\n\n~~~ quote\nYuro Itaki updated the source branch of [pull request 2](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/pullrequest/2) (Raised 2nd PR!) in [test-zulip](https://dev.azure.com/ttchong/test-zulip/_git/test-zulip/)\r\nRaised 2nd PR!\r\n\n~~~',
  },
  {
    name: 'push multiple committers with others',
    fixture: 'code_push__multiple_committers_with_others',
    topic: 'test-zulip / main',
    content:
      `Yuro Itaki [pushed](${compare('cc21b940719cc372b364d932eb39e528b0ec2a91', '0929a3404b39f6e39076a640779b2c1c961e19b5')}) ` +
      '6 commits to branch main. Commits by Itachi Sensei (2), Yuro Itaki (2), Jonas Nielsen (1) and others (1).\n\n' +
      [ADD_REPLY, HOW_ARE_YOU, HOW_ARE_YOU, HOW_ARE_YOU, HOW_ARE_YOU, ADD_REPLY].join('\n'),
  },
  {
    name: 'push commits more than limit',
    fixture: 'code_push__commits_more_than_limit',
    topic: 'test-zulip / main',
    // Zulip lists twenty commits and counts the rest.
    content:
      `Yuro Itaki [pushed](${compare('51515957669f93c543df09f8f3e7f47c3613c879', 'b0ce2f2009c3c87dbefadf61d7eb2c0697a6f369')}) ` +
      `50 commits to branch main.\n\n${`${MODIFY_README}\n`.repeat(20)}[and 30 more commit(s)]`,
  },
];

describe('the Azure DevOps integration', () => {
  const integration = integrationUnderTest('azuredevops', STREAM, 'AzureDevOps');

  it.each(cases)('posts $name as Zulip does', async ({ fixture, query, topic, content }) => {
    const response = await integration.post(zulipPayload('azuredevops', fixture), query);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, topic, content);
  });

  it.each([
    ['a push to a branch the URL does not name', 'code_push', { branches: 'development' }],
    ['a merge only attempted', 'code_pull_request__merge_attempted', {}],
  ])('posts nothing for %s', (_what, fixture, query) =>
    integration.expectNothingPosted(zulipPayload('azuredevops', fixture), { query }),
  );

  it('answers an event type it does not know as unsupported, posting nothing', () =>
    integration.expectUnsupported(
      JSON.stringify({ eventType: 'build.complete', resource: {} }),
      'build.complete',
    ));

  it('refuses a pull request without its title, naming the key and posting nothing', () => {
    const payload = JSON.parse(zulipPayload('azuredevops', 'code_pull_request__opened'));
    delete payload.resource.title;
    return integration.expectMissingKey(JSON.stringify(payload), 'resource.title');
  });
});
