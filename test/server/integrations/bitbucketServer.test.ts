import { describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  integrationUnderTest,
  newestMessages,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's Bitbucket Server webhook tests (zerver/webhooks/bitbucket3/tests.py;
// payloads and versions in zulip-fixtures/bitbucket3/SOURCE): each posts
// Zulip's payload as the test does and checks the messages it reads back.

const CLIENT = 'ZulipBitbucket3Webhook';
const STREAM = 'bitbucket3';
const HOST = 'http://139.59.64.214:7990';
const REPO = `${HOST}/projects/SBOX/repos/sandbox`;
const TOPIC = 'sandbox';
const OWN_TOPIC = { topic: 'custom_topic' };
const user = (name: string) => `[${name}](${HOST}/users/${name})`;
const HYPRO = user('hypro999');
const ZURA = user('zura');
const pr = (id: number, title = '') => `[PR #${id}${title}](${REPO}/pull-requests/${id})`;
const PR1_TOPIC = 'sandbox / PR #1 Branch1';
const PR2_TOPIC = 'sandbox / PR #2 Add notes feature.';
const PR6_TOPIC = 'sandbox / PR #6 sample_file: Add sample_file.txt.';
const PR6_TITLE = ' sample_file: Add sample_file.txt.';
const commit = `[508d1b67f1f](${REPO}/commits/508d1b67f1f8f3a25f543a030a7a178894aa9907)`;
const quote = (text: string) => `\n~~~ quote\n${text}\n~~~`;
const branchPushed = (branch: string, head: string) =>
  `${HYPRO} pushed to branch ${branch}. Head is now ${head}.`;
const BRANCH1_PUSH = branchPushed('branch1', '3980c2be32a7e23c795741d5dc1a2eecb9b85d6d');
const MASTER_PUSH = branchPushed('master', 'fc43d13cff1abb28631196944ba4fc4ad06a2cf2');
const PING = 'Congratulations! The Bitbucket Server webhook was configured successfully!';
const COMMENT = 'Just an arbitrary comment on a commit.';
const PR_COMMENT = 'This seems like a pretty good idea.';
const MODIFIED_DESCRIPTION =
  '* Add file2.txt\n* Add file3.txt\nBoth of these files would be important additions to the project!';
const TWO_REVIEWERS = `${user('shimura')} and ${user('sougo')}`;
const modified = (title = '') =>
  `${HYPRO} modified ${pr(1, title)} (assigned reviewers: ${user('shimura')}):\n${quote(MODIFIED_DESCRIPTION)}`;
const openedWithTwo = (title = '') =>
  `${HYPRO} opened ${pr(5, title)} from \`master\` to \`master\` (assigned reviewers: ${TWO_REVIEWERS}).`;

interface Case {
  name: string;
  fixture: string;
  params?: Record<string, string>;
  topic: string;
  content: string;
}

// One row per test of tests.py that checks one message (the newest); the
// ping's header comes from Zulip's fixture_to_headers.
const cases: Case[] = [
  { name: 'ping', fixture: 'diagnostics_ping', topic: 'Bitbucket Server Ping', content: PING },
  {
    name: 'ping with a topic in the URL',
    fixture: 'diagnostics_ping',
    params: { topic: 'my topic' },
    topic: 'my topic',
    content: PING,
  },
  {
    name: 'commit comment added',
    fixture: 'commit_comment_added',
    topic: TOPIC,
    content: `${HYPRO} commented on ${commit}:${quote(COMMENT)}`,
  },
  {
    name: 'commit comment edited',
    fixture: 'commit_comment_edited',
    topic: TOPIC,
    content: `${HYPRO} edited their comment on ${commit}:${quote(`${COMMENT} Nothing to see here...`)}`,
  },
  {
    name: 'commit comment deleted',
    fixture: 'commit_comment_deleted',
    topic: TOPIC,
    content: `${HYPRO} deleted their comment on ${commit}:${quote(`~~${COMMENT} Nothing to see here...~~`)}`,
  },
  {
    name: 'repository forked',
    fixture: 'repo_forked',
    topic: TOPIC,
    content: `User Hemanth V. Alluri(login: ${HYPRO}) forked the repository into [sandbox fork](${HOST}/users/hypro999/repos/sandbox-fork/browse).`,
  },
  {
    name: 'repository renamed',
    fixture: 'repo_modified',
    topic: 'sandbox v2',
    content: `${HYPRO} changed the name of the **sandbox** repo from **sandbox** to **sandbox v2**.`,
  },
  {
    name: 'branch added',
    fixture: 'repo_push_add_branch',
    topic: 'sandbox / branch2',
    content: `${HYPRO} created branch2 branch.`,
  },
  {
    name: 'tag added',
    fixture: 'repo_push_add_tag',
    topic: TOPIC,
    content: `${HYPRO} pushed tag newtag.`,
  },
  {
    name: 'branch deleted',
    fixture: 'repo_push_delete_branch',
    topic: 'sandbox / branch2',
    content: `${HYPRO} deleted branch branch2.`,
  },
  {
    name: 'tag deleted',
    fixture: 'repo_push_delete_tag',
    topic: TOPIC,
    content: `${HYPRO} removed tag test-tag.`,
  },
  {
    name: 'one branch updated',
    fixture: 'repo_push_update_single_branch',
    topic: 'sandbox / master',
    content: branchPushed('master', 'e68c981ef53dbab0a5ca320a2d8d80e216c70528'),
  },
  // Zulip's test with a branch filter posts twice, once per filter.
  {
    name: 'branches updated, filtered to master',
    fixture: 'repo_push_update_multiple_branches',
    params: { branches: 'master' },
    topic: 'sandbox / master',
    content: MASTER_PUSH,
  },
  {
    name: 'branches updated, filtered to branch1',
    fixture: 'repo_push_update_multiple_branches',
    params: { branches: 'branch1' },
    topic: 'sandbox / branch1',
    content: BRANCH1_PUSH,
  },
  {
    name: 'pull request opened without reviewers',
    fixture: 'pull_request_opened_without_reviewers',
    topic: PR1_TOPIC,
    content: `${HYPRO} opened ${pr(1)} from \`branch1\` to \`master\`:\n${quote('* Add file2.txt\r\n* Add file3.txt')}`,
  },
  {
    name: 'pull request opened without a description',
    fixture: 'pull_request_opened_without_description',
    topic: PR2_TOPIC,
    content: `${HYPRO} opened ${pr(2)} from \`master\` to \`master\`.`,
  },
  {
    name: 'pull request opened with two reviewers',
    fixture: 'pull_request_opened_with_two_reviewers',
    topic: 'sandbox / PR #5 Add Notes Feature',
    content: openedWithTwo(),
  },
  {
    name: 'pull request opened with two reviewers and a topic in the URL',
    fixture: 'pull_request_opened_with_two_reviewers',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: openedWithTwo(' Add Notes Feature'),
  },
  {
    name: 'pull request opened with multiple reviewers',
    fixture: 'pull_request_opened_with_multiple_reviewers',
    topic: PR6_TOPIC,
    content:
      `${HYPRO} opened ${pr(6)} from \`master\` to \`master\` ` +
      `(assigned reviewers: ${user('sougo')}, ${user('zura')} and ${user('shimura')}):\n` +
      quote('Add a simple text file for further testing purposes.'),
  },
  {
    name: 'pull request modified',
    fixture: 'pull_request_modified',
    topic: PR1_TOPIC,
    content: modified(),
  },
  {
    name: 'pull request modified with a topic in the URL',
    fixture: 'pull_request_modified',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: modified(' Branch1'),
  },
  {
    name: 'pull request deleted',
    fixture: 'pull_request_deleted',
    topic: PR2_TOPIC,
    content: `${HYPRO} deleted ${pr(2)}.`,
  },
  {
    name: 'pull request deleted with a topic in the URL',
    fixture: 'pull_request_deleted',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: `${HYPRO} deleted ${pr(2, ' Add notes feature.')}`,
  },
  {
    name: 'pull request declined',
    fixture: 'pull_request_declined',
    topic: 'sandbox / PR #7 Crazy Idea',
    content: `${ZURA} declined ${pr(7)}.`,
  },
  {
    name: 'pull request merged',
    fixture: 'pull_request_merged',
    topic: PR6_TOPIC,
    content: `${ZURA} merged ${pr(6)} from \`master\` to \`master\`.`,
  },
  {
    name: 'pull request approved',
    fixture: 'pull_request_approved',
    topic: PR6_TOPIC,
    content: `${ZURA} approved ${pr(6)}.`,
  },
  {
    name: 'pull request unapproved',
    fixture: 'pull_request_unapproved',
    topic: PR6_TOPIC,
    content: `${ZURA} unapproved ${pr(6)}.`,
  },
  {
    name: 'pull request marked as needing work',
    fixture: 'pull_request_needs_work',
    topic: PR6_TOPIC,
    content: `${ZURA} marked ${pr(6)} as "needs work".`,
  },
  {
    name: 'pull request marked as needing work, with a topic in the URL',
    fixture: 'pull_request_needs_work',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: `${ZURA} marked ${pr(6, PR6_TITLE)} as "needs work".`,
  },
  {
    name: 'pull request reviewer added',
    fixture: 'pull_request_add_reviewer',
    topic: PR1_TOPIC,
    content: `${HYPRO} reassigned ${pr(1)} to ${user('shimura')}.`,
  },
  {
    name: 'pull request reviewer added, with a topic in the URL',
    fixture: 'pull_request_add_reviewer',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: `${HYPRO} reassigned ${pr(1, ' Branch1')} to ${user('shimura')}.`,
  },
  {
    name: 'pull request reviewers added',
    fixture: 'pull_request_add_two_reviewers',
    topic: PR1_TOPIC,
    content: `${HYPRO} reassigned ${pr(1)} to ${TWO_REVIEWERS}.`,
  },
  {
    name: 'pull request reviewers removed',
    fixture: 'pull_request_remove_reviewer',
    topic: PR1_TOPIC,
    content: `${HYPRO} removed all reviewers from ${pr(1)}.`,
  },
  {
    name: 'pull request reviewers removed, with a topic in the URL',
    fixture: 'pull_request_remove_reviewer',
    params: OWN_TOPIC,
    topic: 'custom_topic',
    content: `${HYPRO} removed all reviewers from ${pr(1, ' Branch1')}.`,
  },
  {
    name: 'pull request comment added',
    fixture: 'pull_request_comment_added',
    topic: PR6_TOPIC,
    content: `${ZURA} commented on ${pr(6)}:\n${quote(PR_COMMENT)}`,
  },
  {
    name: 'pull request comment edited',
    fixture: 'pull_request_comment_edited',
    topic: PR6_TOPIC,
    content: `${ZURA} edited their comment on ${pr(6)}:\n${quote(`${PR_COMMENT} @shimura what do you think?`)}`,
  },
  {
    name: 'pull request comment deleted',
    fixture: 'pull_request_comment_deleted',
    topic: PR6_TOPIC,
    content: `${ZURA} deleted their comment on ${pr(6)}:\n${quote(`~~${PR_COMMENT} @shimura what do you think?~~`)}`,
  },
];

describe('the Bitbucket Server integration', () => {
  const integration = integrationUnderTest('bitbucket3', STREAM, 'Bitbucket3');
  const postFixture = (fixture: string, params: Record<string, string> = {}) =>
    integration.post(
      zulipPayload('bitbucket3', fixture),
      params,
      fixture === 'diagnostics_ping' ? { 'X-Event-Key': 'diagnostics:ping' } : {},
    );

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const response = await postFixture(entry.fixture, entry.params);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, CLIENT, entry.topic, entry.content);
  });

  it('posts one message per branch updated', async () => {
    await postFixture('repo_push_update_multiple_branches');
    const messages = await newestMessages(integration.hook.org, integration.hook.owner, 2);
    expect(messages.map(({ subject, content }) => ({ subject, content }))).toEqual([
      { subject: 'sandbox / branch1', content: BRANCH1_PUSH },
      { subject: 'sandbox / master', content: MASTER_PUSH },
    ]);
  });

  it('answers an event it does not know as unsupported, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('bitbucket3', 'pull_request_approved'));
    return integration.expectUnsupported(
      JSON.stringify({ ...payload, eventKey: 'pr:from_ref_updated' }),
      'pr:from_ref_updated',
    );
  });

  it('refuses a payload that names no event, in its body or its header', async () => {
    const response = await integration.post('{}');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-Event-Key',
    });
  });

  it('refuses a pull request without the repository its topic names, posting nothing', () => {
    const payload = JSON.parse(zulipPayload('bitbucket3', 'pull_request_merged'));
    delete payload.pullRequest.toRef.repository;
    return integration.expectMissingKey(JSON.stringify(payload), 'pullRequest.toRef.repository');
  });

  it('names each message by its event key for exclude_events', () =>
    integration.expectNothingPosted(zulipPayload('bitbucket3', 'pull_request_merged'), {
      query: { exclude_events: '["pr:merged"]' },
    }));
});
