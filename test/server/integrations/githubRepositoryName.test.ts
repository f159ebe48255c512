import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import {
  newestInStream,
  postWebhook,
  startIntegrationOrg,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip 12's include_repository_name URL option of the GitHub integration
// (zerver/lib/webhooks/git.py, PUSH_COMMITS_BASE_WITH_REPOSITORY_NAME): a push
// of commits says which repository it went to, linked, after the branch. The
// topic, and every other message, stay as they were.

const PUBLIC_REPO = 'https://github.com/baxterthehacker/public-repo';
const PUSHED = `baxterthehacker [pushed](${PUBLIC_REPO}/compare/9049f1265b7d...0d1a26e67d8f)`;
const OF_REPO = `of [public-repo](${PUBLIC_REPO})`;
const README_COMMIT = `* Update README.md ([0d1a26e67d8](${PUBLIC_REPO}/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))`;

describe("GitHub's include_repository_name option", () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;
  const stream = 'github';

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('github', stream));
  });
  afterAll(() => org?.close());

  const newestAfter = async (fixture: string, event: string, query: Record<string, string>) => {
    const response = await postWebhook(org, bot, 'github', {
      query: { stream, ...query },
      body: zulipPayload('github', fixture),
      headers: { 'X-GitHub-Event': event },
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    const newest = await newestInStream(org, alice, stream);
    return { topic: newest?.subject, content: newest?.content };
  };

  it('names the repository a push of commits went to', async () => {
    expect(
      await newestAfter('push__1_commit', 'push', { include_repository_name: 'true' }),
    ).toEqual({
      topic: 'public-repo / changes',
      content: `${PUSHED} 1 commit to branch changes ${OF_REPO}.\n\n${README_COMMIT}`,
    });
  });

  it('puts the committers after the repository', async () => {
    const { content } = await newestAfter('push__multiple_committers', 'push', {
      include_repository_name: 'true',
    });
    expect(content?.split('\n')[0]).toBe(
      `${PUSHED} 6 commits to branch changes ${OF_REPO}. Commits by Tomasz (3), Ben (2) and baxterthehacker (1).`,
    );
  });

  it('says nothing of the repository when false or absent', async () => {
    const plain = `${PUSHED} 1 commit to branch changes.\n\n${README_COMMIT}`;
    expect(
      (await newestAfter('push__1_commit', 'push', { include_repository_name: 'false' })).content,
    ).toBe(plain);
    expect((await newestAfter('push__1_commit', 'push', {})).content).toBe(plain);
  });

  it('leaves the messages of tags and deleted branches as they are', async () => {
    const query = { include_repository_name: 'true' };
    expect((await newestAfter('push__tag', 'push', query)).content).toBe(
      'baxterthehacker pushed tag abc.',
    );
    expect((await newestAfter('push__delete_branch', 'push', query)).content).toBe(
      'eeshangarg [deleted](https://github.com/eeshangarg/public-repo/compare/2e8cf535fb38...000000000000) the branch feature.',
    );
  });

  it('refuses a value that is not a boolean, as Zulip does', async () => {
    const response = await postWebhook(org, bot, 'github', {
      query: { stream, include_repository_name: 'maybe' },
      body: zulipPayload('github', 'push__1_commit'),
      headers: { 'X-GitHub-Event': 'push' },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
  });
});
