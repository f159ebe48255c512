import { describe, expect, it } from 'vitest';
import { expectBotMessage, fixture, integrationUnderTest } from '../../helpers/webhooks';

const BASE = 'https://gitlab.example.com/sea/harbour';
const MR = `${BASE}/-/merge_requests/5`;
const ISSUE = `${BASE}/-/issues/3`;
const MR_TOPIC = 'harbour / MR #5 Anchor the buoys';
const ISSUE_TOPIC = 'harbour / issue #3 Buoys drift off the map';
const b40 = 'b'.repeat(40);

describe('the GitLab integration', () => {
  const integration = integrationUnderTest('gitlab', 'code', 'GitLab');
  const headers = (event: string) => ({ 'X-Gitlab-Event': event });

  const post = (event: string, name: string, query: Record<string, string> = {}) =>
    integration.post(fixture('gitlab', `${name}.json`), query, headers(event));

  const expectMessage = async (
    event: string,
    name: string,
    topic: string,
    content: string,
    query: Record<string, string> = {},
  ) => {
    const response = await post(event, name, query);
    expect(response.json).toEqual({ result: 'success', msg: '' });
    await expectBotMessage(integration.hook, 'ZulipGitLabWebhook', topic, content);
  };

  describe('Push Hook', () => {
    const pushed = `Mira Kowalska [pushed](${BASE}/-/compare/${'a'.repeat(40)}...${b40}) 2 commits to branch feature/fog.`;
    const commits =
      `* Thicken the fog near the shore ([ccccccccccc](${BASE}/-/commit/${'c'.repeat(40)}))\n` +
      `* Fade the fog with distance ([bbbbbbbbbbb](${BASE}/-/commit/${b40}))`;

    it('lists the commits of a push', () =>
      expectMessage('Push Hook', 'push_hook', 'harbour / feature/fog', `${pushed}\n\n${commits}`));

    it('names the committers when others than the pusher committed', () =>
      expectMessage(
        'Push Hook',
        'push_hook__two_committers',
        'harbour / feature/fog',
        `${pushed} Commits by Jonas Berg (1) and Mira Kowalska (1).\n\n${commits}`,
      ));

    it('reports a removed branch', () =>
      expectMessage(
        'Push Hook',
        'push_hook__remove_branch',
        'harbour / feature/fog',
        'Mira Kowalska deleted branch feature/fog.',
      ));

    it('reads a system hook by the event the payload names', () =>
      expectMessage(
        'System Hook',
        'push_hook',
        'harbour / feature/fog',
        `${pushed}\n\n${commits}`,
      ));

    it('reports only the branches the URL lists', () =>
      integration.expectNothingPosted(fixture('gitlab', 'push_hook.json'), {
        query: { branches: 'main' },
        headers: headers('Push Hook'),
      }));
  });

  describe('Tag Push Hook', () => {
    it('reports a pushed tag', () =>
      expectMessage(
        'Tag Push Hook',
        'tag_push_hook',
        'harbour',
        'Mira Kowalska pushed tag v0.3.0.',
      ));

    it('reports a removed tag', () =>
      expectMessage(
        'Tag Push Hook',
        'tag_push_hook__removed',
        'harbour',
        'Mira Kowalska removed tag v0.3.0.',
      ));
  });

  describe('Issue Hook', () => {
    it('quotes a new issue without its hidden comments, with its assignees', () =>
      expectMessage(
        'Issue Hook',
        'issue_hook__opened',
        ISSUE_TOPIC,
        `Mira Kowalska created [issue #3](${ISSUE}) (assigned to Jonas Berg):\n\n~~~ quote\nThey float away after ten minutes.\n~~~`,
      ));

    it('reports a closed issue', () =>
      expectMessage(
        'Issue Hook',
        'issue_hook__closed',
        ISSUE_TOPIC,
        `Mira Kowalska closed [issue #3](${ISSUE}).`,
      ));

    it('reports a confidential issue the same way', () =>
      expectMessage(
        'Confidential Issue Hook',
        'confidential_issue_hook__updated',
        ISSUE_TOPIC,
        `Mira Kowalska updated [issue #3](${ISSUE}).`,
      ));
  });

  describe('Merge Request Hook', () => {
    it('quotes a new merge request with its branches and assignees', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__opened',
        MR_TOPIC,
        `Mira Kowalska created [MR #5](${MR}) from \`anchor-buoys\` to \`main\` (assigned to Jonas Berg and Ana Silva):\n\n~~~ quote\nAdds an anchor to every buoy.\n~~~`,
      ));

    it('reports added commits', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__added_commits',
        MR_TOPIC,
        `Mira Kowalska added commit(s) to [MR #5](${MR}).`,
      ));

    it('quotes the description of an update', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__updated',
        MR_TOPIC,
        `Mira Kowalska updated [MR #5](${MR}) (assigned to Jonas Berg):\n\n~~~ quote\nAdds an anchor to every buoy, and a chain.\n~~~`,
      ));

    it('reports a merge with its branches', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__merged',
        MR_TOPIC,
        `Mira Kowalska merged [MR #5](${MR}) from \`anchor-buoys\` to \`main\`.`,
      ));

    it('reports an approval', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__approved',
        MR_TOPIC,
        `Mira Kowalska approved [MR #5](${MR}).`,
      ));

    it('leaves the title out of the topic when the URL asks', () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__approved',
        'harbour / MR #5',
        `Mira Kowalska approved [MR #5](${MR}).`,
        { use_merge_request_title: 'false' },
      ));

    it("names the project and the request in full under the URL's topic", () =>
      expectMessage(
        'Merge Request Hook',
        'merge_request_hook__merged',
        'releases',
        `[[harbour](${BASE})] Mira Kowalska merged [MR #5 Anchor the buoys](${MR}) from \`anchor-buoys\` to \`main\`.`,
        { topic: 'releases' },
      ));
  });

  describe('Note Hook', () => {
    it('quotes a comment on a merge request', () =>
      expectMessage(
        'Note Hook',
        'note_hook__merge_request',
        MR_TOPIC,
        `Mira Kowalska [commented](${MR}#note_901) on [MR #5](${MR}):\n\n~~~ quote\nLooks solid; the chain could be shorter.\n~~~`,
      ));

    it('quotes a comment on an issue', () =>
      expectMessage(
        'Note Hook',
        'note_hook__issue',
        ISSUE_TOPIC,
        `Mira Kowalska [commented](${ISSUE}#note_902) on [issue #3](${ISSUE}):\n\n~~~ quote\nSame here, twice today.\n~~~`,
      ));

    it('quotes a comment on a commit', () =>
      expectMessage(
        'Note Hook',
        'note_hook__commit',
        'harbour',
        `Mira Kowalska [commented](${BASE}/-/commit/${b40}#note_903) on [bbbbbbbbbbb](${BASE}/-/commit/${b40}):\n~~~ quote\nNice fade.\n~~~`,
      ));
  });

  describe('Pipeline Hook', () => {
    it('reports a finished pipeline, even one without builds', () =>
      expectMessage(
        'Pipeline Hook',
        'pipeline_hook',
        'harbour / main',
        `[Pipeline (31)](${BASE}/-/pipelines/31) changed status to success with build(s):\n.`,
      ));
  });

  it('answers an event it does not handle as unsupported', async () => {
    const response = await post('Member Hook', 'push_hook');
    expect(response.json).toEqual({
      result: 'success',
      msg: "The 'Member Hook' event isn't currently supported by the GitLab webhook",
      code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
      webhook_name: 'GitLab',
      event_type: 'Member Hook',
    });
  });

  it('answers a wiki page action Zulip does not report as unsupported', () =>
    integration.expectUnsupported(
      fixture('gitlab', 'issue_hook__closed.json'),
      'Wiki Page Hook close',
      { headers: headers('Wiki Page Hook') },
    ));

  it('needs the X-Gitlab-Event header', async () => {
    const response = await integration.post(fixture('gitlab', 'push_hook.json'));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'MISSING_HTTP_EVENT_HEADER',
      header: 'X-Gitlab-Event',
    });
  });
});
