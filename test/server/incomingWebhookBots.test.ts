import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../src-main/server/integrations';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { createWebhookBot, newestMessages, postWebhook, zulipPayload } from '../helpers/webhooks';

// Zulip 12's realm_incoming_webhook_bots in POST /register: each integration
// a bot's URL can name, with display_name and all_event_types (feature level
// 207), config_options (318), url_options (403) whose entries say input_type
// (485); and the host serving every name and URL option it lists.

interface Listed {
  name: string;
  display_name: string;
  all_event_types: string[] | null;
  config_options: unknown[];
  url_options: { key: string; label: string; input_type: string }[];
}

const BRANCHES = { key: 'branches', label: '', input_type: 'text' };

describe('realm_incoming_webhook_bots', () => {
  let org: Org;
  let alice: TestUser;
  let hook: TestUser;
  let listed: Listed[];

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'hooks');
    hook = await createWebhookBot(org, alice, 'hooks');
    const response = await org.api(alice)('POST', '/register', {
      fetch_event_types: ['realm_incoming_webhook_bots'],
    });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    listed = response.json.realm_incoming_webhook_bots as Listed[];
  });
  afterAll(() => org.close());

  const entry = (name: string): Listed => {
    const found = listed.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`${name} is not listed`);
    return found;
  };

  it('lists every integration the host serves, by name, in order, Bitbucket Cloud by Zulip 12’s name', () => {
    expect(listed.map((bot) => bot.name)).toEqual([
      'alertmanager',
      'azuredevops',
      'bitbucket',
      'bitbucket3',
      'circleci',
      'gitea',
      'github',
      'gitlab',
      'gogs',
      'grafana',
      'helloworld',
      'jira',
      'linear',
      'opsgenie',
      'pagerduty',
      'sentry',
      'slack_incoming',
      'uptimerobot',
      'zabbix',
    ]);
  });

  it("gives each Zulip 12's keys, config_options and not 7.0's config (feature level 318)", () => {
    for (const bot of listed) {
      expect(Object.keys(bot).sort()).toEqual([
        'all_event_types',
        'config_options',
        'display_name',
        'name',
        'url_options',
      ]);
      expect(bot).toMatchObject({ config_options: [] });
    }
  });

  it("says Zulip's display names, event types and URL options", () => {
    expect(entry('alertmanager')).toMatchObject({
      display_name: 'Prometheus Alertmanager',
      all_event_types: null,
      url_options: [],
    });
    expect(entry('helloworld')).toMatchObject({
      display_name: 'Hello World',
      all_event_types: null,
    });
    expect(entry('slack_incoming')).toMatchObject({ display_name: 'Slack-compatible webhook' });
    expect(entry('github')).toMatchObject({
      display_name: 'GitHub',
      url_options: [
        BRANCHES,
        {
          key: 'ignore_private_repositories',
          label: 'Exclude notifications from private repositories',
          input_type: 'checkbox',
        },
        {
          key: 'include_repository_name',
          label: 'Include repository name in the notifications',
          input_type: 'checkbox',
        },
      ],
    });
    expect(entry('github').all_event_types).toEqual(
      expect.arrayContaining(['push_commits', 'push_tags', 'opened_pull_request', 'issues']),
    );
    expect(entry('opsgenie')).toMatchObject({
      url_options: [
        {
          key: 'eu_region',
          label: "Use Opsgenie's European service region",
          input_type: 'checkbox',
        },
      ],
    });
    expect(entry('bitbucket')).toMatchObject({
      display_name: 'Bitbucket',
      url_options: [BRANCHES],
    });
    for (const name of ['azuredevops', 'gitea', 'gitlab', 'gogs']) {
      expect(entry(name).url_options).toEqual([BRANCHES]);
    }
    expect(entry('uptimerobot')).toMatchObject({
      display_name: 'UptimeRobot',
      all_event_types: ['up', 'down'],
    });
    expect(entry('grafana').all_event_types).toEqual([
      'ok',
      'pending',
      'alerting',
      'paused',
      'firing',
      'resolved',
    ]);
  });

  it('comes with every register that names no event types', async () => {
    const response = await org.api(alice)('POST', '/register', {});
    expect(response.json.realm_incoming_webhook_bots).toEqual(listed);
  });

  it('takes every URL option it lists as a parameter of that integration', () => {
    for (const bot of listed) {
      const integration =
        integrations.get(bot.name) ??
        [...integrations.values()].find((candidate) => candidate.renamedTo === bot.name);
      expect(integration, bot.name).toBeDefined();
      for (const option of bot.url_options) {
        expect(Object.keys(integration?.params ?? {}), bot.name).toContain(option.key);
      }
    }
  });

  it('serves each name it lists at /api/v1/external/{name}, and no other', async () => {
    for (const bot of listed) {
      const response = await postWebhook(org, hook, bot.name, { body: 'not json' });
      expect(response.status, bot.name).not.toBe(404);
    }
    expect((await postWebhook(org, hook, 'nosuchservice')).status).toBe(404);
  });

  describe('a URL built from the list', () => {
    const newestId = async () => (await newestMessages(org, alice))[0]?.id ?? 0;
    const push = (query: Record<string, string>) =>
      postWebhook(org, hook, 'github', {
        query: { stream: 'hooks', ...query },
        body: zulipPayload('github', 'push__1_commit'),
        headers: { 'X-GitHub-Event': 'push' },
      });

    it('posts a Bitbucket Cloud push under Zulip 12’s name as under the old one', async () => {
      for (const name of ['bitbucket', 'bitbucket2']) {
        const before = await newestId();
        const response = await postWebhook(org, hook, name, {
          query: { stream: 'hooks' },
          body: zulipPayload('bitbucket2', 'push'),
        });
        expect(response.json, name).toEqual({ result: 'success', msg: '' });
        const [message] = await newestMessages(org, alice);
        expect(message?.id).toBeGreaterThan(before);
        expect(message).toMatchObject({
          client: 'ZulipBitbucket2Webhook',
          subject: 'Repository name / master',
        });
      }
    });

    it('posts only the listed event types only_events names, as Zulip does', async () => {
      const types = entry('github').all_event_types ?? [];
      const before = await newestId();
      await push({ only_events: JSON.stringify(types.filter((type) => type !== 'push_commits')) });
      expect(await newestId()).toBe(before);
      await push({ only_events: JSON.stringify(['push_commits']) });
      expect(await newestId()).toBeGreaterThan(before);
    });

    it('leaves out the listed event types exclude_events matches, wildcards too', async () => {
      const before = await newestId();
      await push({ exclude_events: JSON.stringify(['push_*']) });
      expect(await newestId()).toBe(before);
      await push({ exclude_events: JSON.stringify(['push_tags']) });
      expect(await newestId()).toBeGreaterThan(before);
    });

    it('honours the branches and ignore_private_repositories options it lists', async () => {
      const privatePush = (query: Record<string, string>) =>
        postWebhook(org, hook, 'github', {
          query: { stream: 'hooks', ...query },
          body: zulipPayload('github', 'push__1_commit_private_repository'),
          headers: { 'X-GitHub-Event': 'push' },
        });
      let before = await newestId();
      await push({ branches: 'main,release' });
      await privatePush({ ignore_private_repositories: 'true' });
      expect(await newestId()).toBe(before);
      await push({ branches: 'main,changes' });
      expect(await newestId()).toBeGreaterThan(before);
      before = await newestId();
      await privatePush({ ignore_private_repositories: 'false' });
      expect(await newestId()).toBeGreaterThan(before);
    });
  });
});
