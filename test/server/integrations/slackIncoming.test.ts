import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Org, TestUser } from '../../helpers/org';
import {
  fixture,
  newestMessage,
  postWebhook,
  expectBotMessage,
  startIntegrationOrg,
} from '../../helpers/webhooks';

describe('the Slack-compatible incoming webhook', () => {
  let org: Org;
  let alice: TestUser;
  let bot: TestUser;

  beforeAll(async () => {
    ({ org, owner: alice, bot } = await startIntegrationOrg('slack', 'ops'));
  });
  afterAll(() => org.close());

  const post = (body: string, query: Record<string, string> = {}, contentType?: string) =>
    postWebhook(org, bot, 'slack_incoming', {
      query: { stream: 'ops', ...query },
      body,
      ...(contentType ? { contentType } : {}),
    });
  const expectMessage = async (subject: string, content: string) => {
    await expectBotMessage(
      { org, owner: alice, bot },
      'ZulipSlackIncomingWebhook',
      subject,
      content,
    );
  };

  it("turns Slack's links and emphasis into Zulip's Markdown", async () => {
    const response = await post(fixture('slack_incoming', 'text.json'));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    // Zulip 12 files "(no topic)" under the empty topic (feature level 370),
    // which a reader without empty_topic_name sees under its display name.
    await expectMessage(
      'general chat',
      'Deploy of **harbour** finished in *4 minutes*. See [build 88](https://ci.example.org/builds/88).',
    );
  });

  it('files the message under the channel it names, with its icon emoji', async () => {
    await post(fixture('slack_incoming', 'text_with_channel.json'));
    await expectMessage('deploys', ':rocket: Deploy of **harbour** started.');
  });

  it("prefers the URL's topic to the channel", async () => {
    await post(fixture('slack_incoming', 'text_with_channel.json'), { topic: 'releases' });
    await expectMessage('releases', ':rocket: Deploy of **harbour** started.');
  });

  it('reads the payload form field of a form-encoded post', async () => {
    const body = new URLSearchParams({
      payload: fixture('slack_incoming', 'text.json'),
    }).toString();
    await post(body, { topic: 'form' }, 'application/x-www-form-urlencoded');
    await expectMessage(
      'form',
      'Deploy of **harbour** finished in *4 minutes*. See [build 88](https://ci.example.org/builds/88).',
    );
  });

  it('asks for the payload field when a form has none', async () => {
    const response = await post('text=hello', {}, 'application/x-www-form-urlencoded');
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      msg: "Missing 'payload' argument",
      code: 'REQUEST_VARIABLE_MISSING',
    });
  });

  it('renders blocks as text: headers, sections, fields as a table, images and context', async () => {
    await post(fixture('slack_incoming', 'blocks.json'), { topic: 'backups' });
    await expectMessage(
      'backups',
      [
        '## Nightly backup',
        '**Harbour** backup completed.',
        '----',
        '| | |\n|-|-|\n| **Size** 4.2 GB | **Duration** 12 min |\n| **Files** 18 204 |  |',
        '[size over time](https://backup.example.org/charts/night.png)',
        '[backup icon](https://backup.example.org/icon.png)\n\nStarted by cron',
      ].join('\n\n'),
    );
  });

  it('renders legacy attachments with their title link, fields, footer and time', async () => {
    await post(fixture('slack_incoming', 'attachments.json'), { topic: 'ci' });
    await expectMessage(
      'ci',
      [
        '## [Build 88 passed](https://ci.example.org/builds/88)',
        'Pipeline for harbour',
        'All 214 tests passed.',
        '**Branch**: main\n**Flaky**\n3 retries',
        'ci.example.org',
        '<time:1717214400>',
      ].join('\n\n'),
    );
  });

  it('sends nothing for a message with nothing in it', async () => {
    const before = await newestMessage(org, alice);
    const response = await post(fixture('slack_incoming', 'empty.json'));
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect((await newestMessage(org, alice)).id).toBe(before.id);
  });
});
