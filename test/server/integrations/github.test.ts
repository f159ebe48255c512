import { describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  fixture,
  integrationUnderTest,
  newestMessage,
} from '../../helpers/webhooks';

const PR = 'https://github.com/octo-lab/lantern/pull/7';
const ISSUE = 'https://github.com/octo-lab/lantern/issues/12';
const PR_TOPIC = 'lantern / PR #7 Rotate the beam smoothly';
const ISSUE_TOPIC = 'lantern / issue #12 Beam flickers at dusk';
const commitLine = (subject: string, sha: string) =>
  `* ${subject} ([${sha.slice(0, 11)}](https://github.com/octo-lab/lantern/commit/${sha}))`;

describe('the GitHub integration', () => {
  const integration = integrationUnderTest('github', 'code', 'GitHub');
  const headers = (event: string) => ({ 'X-GitHub-Event': event });
  const newest = () => newestMessage(integration.hook.org, integration.hook.owner);

  const post = (event: string, name: string, query: Record<string, string> = {}) =>
    integration.post(fixture('github', `${name}.json`), query, headers(event));

  const expectMessage = async (
    event: string,
    name: string,
    topic: string,
    content: string,
    query: Record<string, string> = {},
  ) => {
    const response = await post(event, name, query);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, 'ZulipGitHubWebhook', topic, content);
  };

  const expectNothing = (event: string, name: string, query: Record<string, string> = {}) =>
    integration.expectNothingPosted(fixture('github', `${name}.json`), {
      query,
      headers: headers(event),
    });

  describe('ping', () => {
    it('confirms the setup in the repository topic', () =>
      expectMessage(
        'ping',
        'ping',
        'lantern',
        'GitHub webhook has been successfully configured by octo-admin.',
      ));

    it('confirms an organization hook in the organization topic', () =>
      expectMessage(
        'ping',
        'ping__organization',
        'octo-lab',
        'GitHub webhook has been successfully configured by octo-admin.',
      ));
  });

  describe('push', () => {
    it('lists the commits of a push, by their first line and short SHA', () =>
      expectMessage(
        'push',
        'push__commits',
        'lantern / main',
        'octo-admin [pushed](https://github.com/octo-lab/lantern/compare/1a2b3c4d5e6f...9f8e7d6c5b4a) 2 commits to branch main.\n\n' +
          `${commitLine('Add the lamp model', '3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d')}\n` +
          commitLine('Tune the beam rotation speed', '9f8e7d6c5b4a9f8e7d6c5b4a9f8e7d6c5b4a9f8e'),
      ));

    it('names the committers, most commits first, three at most and then others', async () => {
      await post('push', 'push__multiple_committers');
      const message = await newest();
      const [heading] = message.content.split('\n');
      expect(heading).toBe(
        'octo-admin [pushed](https://github.com/octo-lab/lantern/compare/1a2b3c4d5e6f...9f8e7d6c5b4a) 6 commits to branch main. ' +
          'Commits by mira-k (2), tobias (2), Grace Hopper (1) and others (1).',
      );
      expect(message.content.split('\n').slice(2)).toHaveLength(6);
    });

    it('lists twenty commits and counts the rest', async () => {
      await post('push', 'push__23_commits');
      const lines = (await newest()).content.split('\n');
      expect(lines[0]).toContain('23 commits to branch main.');
      expect(lines.slice(2, 22)).toHaveLength(20);
      expect(lines[2]).toBe(commitLine('Step 1', '01'.repeat(20)));
      expect(lines[22]).toBe('[and 3 more commit(s)]');
    });

    it('reports a deleted branch', () =>
      expectMessage(
        'push',
        'push__delete_branch',
        'lantern / old-beam',
        'octo-admin [deleted](https://github.com/octo-lab/lantern/compare/5e6f7a8b9c0d...000000000000) the branch old-beam.',
      ));

    it('reports a pushed tag in the repository topic', () =>
      expectMessage('push', 'push__tag', 'lantern', 'octo-admin pushed tag v1.2.0.'));

    it('reports only the branches the URL lists', async () => {
      await expectNothing('push', 'push__commits', { branches: 'release,gh-pages' });
      await post('push', 'push__commits', { branches: 'release, main' });
      expect((await newest()).subject).toBe('lantern / main');
    });
  });

  describe('pull_request', () => {
    it('quotes the description of an opened pull request', () =>
      expectMessage(
        'pull_request',
        'pull_request__opened',
        PR_TOPIC,
        `octo-admin opened [PR #7](${PR}) from \`octo-lab:smooth-beam\` to \`octo-lab:main\`:\n\n~~~ quote\nReplaces the stepped rotation with an eased one.\n~~~`,
      ));

    it('names the pull request in full when the URL gives the topic', () =>
      expectMessage(
        'pull_request',
        'pull_request__opened',
        'code review',
        `octo-admin opened [PR #7 Rotate the beam smoothly](${PR}) from \`octo-lab:smooth-beam\` to \`octo-lab:main\`:\n\n~~~ quote\nReplaces the stepped rotation with an eased one.\n~~~`,
        { topic: 'code review' },
      ));

    // Only an opened PR names its branches, with their owners (a fork's branch is another's).
    it('reports new commits as an update', () =>
      expectMessage(
        'pull_request',
        'pull_request__synchronize',
        PR_TOPIC,
        `octo-admin updated [PR #7](${PR}).`,
      ));

    it('quotes the new description of an edit that changed it', () =>
      expectMessage(
        'pull_request',
        'pull_request__edited_body',
        PR_TOPIC,
        `octo-admin edited [PR #7](${PR}):\n\n~~~ quote\nReplaces the stepped rotation with an eased one, and keeps the old speed.\n~~~`,
      ));

    it('tells a merge from a close without merge', async () => {
      await expectMessage(
        'pull_request',
        'pull_request__closed',
        PR_TOPIC,
        `octo-admin merged [PR #7](${PR}).`,
      );
      await expectMessage(
        'pull_request',
        'pull_request__closed_unmerged',
        PR_TOPIC,
        `octo-admin closed without merge [PR #7](${PR}).`,
      );
    });

    it('names the assignee', () =>
      expectMessage(
        'pull_request',
        'pull_request__assigned',
        PR_TOPIC,
        `octo-admin assigned mira-k to [PR #7](${PR}).`,
      ));

    it('names the requested reviewer', () =>
      expectMessage(
        'pull_request',
        'pull_request__review_requested',
        PR_TOPIC,
        `**octo-admin** requested [tobias](https://github.com/tobias) for a review on [PR #7](${PR}).`,
      ));

    it('passes over labels, as Zulip does', () =>
      expectNothing('pull_request', 'pull_request__labeled'));

    it('answers an action it does not know as unsupported', () =>
      integration.expectUnsupported(
        fixture('github', 'pull_request__dequeued.json'),
        'pull_request:dequeued',
        { headers: headers('pull_request') },
      ));

    it('names a key the payload lacks', () => {
      const payload = JSON.parse(fixture('github', 'pull_request__opened.json'));
      delete payload.pull_request.title;
      return integration.expectMissingKey(JSON.stringify(payload), 'pull_request.title', {
        headers: headers('pull_request'),
      });
    });
  });

  describe('issues', () => {
    it('quotes the body of an opened issue', () =>
      expectMessage(
        'issues',
        'issues__opened',
        ISSUE_TOPIC,
        `octo-admin opened [issue #12](${ISSUE}):\n\n~~~ quote\nSeen on v1.2.0 when the sky turns orange: the beam drops every other frame.\n~~~`,
      ));

    it('reports a closed issue without a body in one line', () =>
      expectMessage(
        'issues',
        'issues__closed',
        ISSUE_TOPIC,
        `octo-admin closed [issue #12](${ISSUE}).`,
      ));

    it('reports a label with the labeller linked', () =>
      expectMessage(
        'issues',
        'issues__labeled',
        ISSUE_TOPIC,
        `[octo-admin](https://github.com/octo-admin) added the bug label to [Issue #12](${ISSUE}).`,
      ));
  });

  describe('issue_comment', () => {
    it('quotes a comment on an issue', () =>
      expectMessage(
        'issue_comment',
        'issue_comment__created',
        ISSUE_TOPIC,
        `octo-admin [commented](${ISSUE}#issuecomment-3100001) on [issue #12](${ISSUE}):\n\n~~~ quote\nReproduced: it only happens with fog enabled.\n~~~`,
      ));

    it("files a pull request's comment under the pull request", () =>
      expectMessage(
        'issue_comment',
        'issue_comment__pull_request',
        PR_TOPIC,
        `octo-admin [commented](${PR}#issuecomment-3100002) on [PR #7](${PR}):\n\n~~~ quote\nLooks good; can we keep the old speed as an option?\n~~~`,
      ));

    it('reports a deleted comment', () =>
      expectMessage(
        'issue_comment',
        'issue_comment__deleted',
        ISSUE_TOPIC,
        `octo-admin deleted a [comment](${ISSUE}#issuecomment-3100001) on [issue #12](${ISSUE}):\n\n~~~ quote\nReproduced: it only happens with fog enabled.\n~~~`,
      ));

    it('passes over an edit that left the text as it was', () =>
      expectNothing('issue_comment', 'issue_comment__edited_unchanged'));
  });

  it('passes over the events Zulip ignores, such as milestone', () =>
    expectNothing('milestone', 'ping'));
});
