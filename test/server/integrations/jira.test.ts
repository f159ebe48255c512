import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectBotMessage,
  integrationUnderTest,
  newestInStream,
  zulipPayload,
} from '../../helpers/webhooks';

// Zulip's Jira webhook tests (zerver/webhooks/jira/tests.py, Zulip main of
// December 2025), each posting Zulip's payload (see zulip-fixtures/jira/SOURCE)
// as the test does and checking the message as check_webhook does.

const CLIENT = 'ZulipJiraWebhook';
const BUG_15 = 'BUG-15: New bug with hook';
const BUG_15_LINK = `[${BUG_15}](http://lfranchi.com:8080/browse/BUG-15)`;
const FIX_THAT = '[TEST-1: Fix That](https://zulipp.atlassian.net/browse/TEST-1)';
const SP_1 = 'SP-1: Add support for newer format Jira issue comment events';
const SP_1_LINK = `[${SP_1}](https://f20171170.atlassian.net/browse/SP-1)`;
const LEONARDO = 'Leonardo Franchi [Administrator]';
// Zulip's test realm has a user with the assignee's email, as ours does:
// the message names him rather than his address.
const OTHELLO = '**Othello, the Moor of Venice**';

const bug15Created = (author = 'Leo Franchi', title = BUG_15) =>
  `${author} created [${title}](http://lfranchi.com:8080/browse/BUG-15):\n\n` +
  '* **Priority**: Major\n* **Assignee**: no one';

const quote = (text: string) => `\`\`\` quote\n${text}\n\`\`\``;
const ADDING = 'Adding a comment. Oh, what a comment it is!';
const ASAP = 'Sounds like it’s pretty important. I’ll get this fixed ASAP!';
const ON_IT = 'This is a very important issue! I’m on it!';

const MARKUP =
  'This is a comment that likes to **exercise** a lot of _different_ `conventions` that `jira uses`.\r\n\r\n' +
  '~~~\n\r\nthis code is not highlighted, but monospaced\r\n\n~~~\r\n\r\n' +
  '~~~\n\r\ndef python():\r\n    print "likes to be formatted"\r\n\n~~~\r\n\r\n' +
  '[http://www.google.com](http://www.google.com) is a bare link, and [Google](http://www.google.com) is given a title.\r\n\r\n' +
  'Thanks!\r\n\r\n~~~ quote\n\r\nSomeone said somewhere\r\n\n~~~';

interface Case {
  test: string;
  fixtures: string[];
  topic: string;
  content: string;
}

// One row per test of tests.py that expects a message in the jira stream.
const cases: Case[] = [
  {
    test: 'created',
    fixtures: ['created_v1', 'created_v2'],
    topic: BUG_15,
    content: bug15Created(),
  },
  {
    test: 'created with unicode',
    fixtures: ['created_with_unicode_v1', 'created_with_unicode_v2'],
    topic: 'BUG-15: New bug with à hook',
    content: bug15Created('Leo Franchià', 'BUG-15: New bug with à hook'),
  },
  {
    test: 'created assignee',
    fixtures: ['created_assignee_v1', 'created_assignee_v2'],
    topic: 'TEST-4: Test Created Assignee',
    content:
      `${LEONARDO} created [TEST-4: Test Created Assignee](https://zulipp.atlassian.net/browse/TEST-4):\n\n` +
      `* **Priority**: Major\n* **Assignee**: ${LEONARDO}`,
  },
  {
    test: 'commented',
    fixtures: ['commented_v1', 'commented_v2'],
    topic: BUG_15,
    content: `Leo Franchi commented on ${BUG_15_LINK} (assigned to ${OTHELLO}):\n\n${quote(ADDING)}`,
  },
  {
    test: 'commented with two full links',
    fixtures: ['commented_v2_with_two_full_links'],
    topic: BUG_15,
    content:
      `Leo Franchi commented on ${BUG_15_LINK} (assigned to ${OTHELLO}):\n\n` +
      quote(
        'This is the [first link](https://google.com) and this is the ' +
          '[second link](https://google.com) and this is the end.',
      ),
  },
  {
    test: 'comment edited',
    fixtures: ['comment_edited_v2'],
    topic: BUG_15,
    content: `Leo Franchi edited a comment on ${BUG_15_LINK} (assigned to ${OTHELLO}):\n\n${quote(ADDING)}`,
  },
  {
    test: 'comment deleted',
    fixtures: ['comment_deleted_v2'],
    topic: 'TOM-1: New Issue',
    content:
      'Tomasz Kolek deleted a comment from [TOM-1: New Issue](https://zuliptomek.atlassian.net/browse/TOM-1) ' +
      '(assigned to **kolaszek@go2.pl**).',
  },
  {
    test: 'commented markup',
    fixtures: ['commented_markup_v1', 'commented_markup_v2'],
    topic: 'TEST-7: Testing of rich text',
    content:
      `${LEONARDO} commented on [TEST-7: Testing of rich text](https://zulipp.atlassian.net/browse/TEST-7):\n\n` +
      quote(MARKUP),
  },
  {
    test: 'deleted',
    fixtures: ['deleted_v1', 'deleted_v2'],
    topic: BUG_15,
    content: `Leo Franchi deleted ${BUG_15_LINK}.`,
  },
  {
    test: 'reassigned',
    fixtures: ['reassigned_v1', 'reassigned_v2'],
    topic: BUG_15,
    content:
      `Leo Franchi updated ${BUG_15_LINK} (assigned to ${OTHELLO}):\n\n` +
      `* Changed assignee to ${OTHELLO}`,
  },
  {
    test: 'priority updated',
    fixtures: ['updated_priority_v1', 'updated_priority_v2'],
    topic: 'TEST-1: Fix That',
    content:
      `${LEONARDO} updated ${FIX_THAT} (assigned to **leo@zulip.com**):\n\n` +
      '* Changed priority from **Critical** to **Major**',
  },
  {
    test: 'status changed',
    fixtures: ['change_status_v1', 'change_status_v2'],
    topic: 'TEST-1: Fix That',
    content: `${LEONARDO} updated ${FIX_THAT}:\n\n* Changed status from **To Do** to **In Progress**`,
  },
  {
    test: 'comment event comment created',
    fixtures: ['comment_created'],
    topic: SP_1,
    content: `Hemanth V. Alluri commented on ${SP_1_LINK}\n${quote(ASAP)}`,
  },
  {
    test: 'comment event comment created no issue details',
    fixtures: ['comment_created_no_issue_details'],
    topic: '10000: Upgrade Jira to get the issue title here.',
    content:
      'Hemanth V. Alluri commented on 10000: Upgrade Jira to get the issue title here.\n' +
      quote(ASAP),
  },
  {
    test: 'comment event comment edited',
    fixtures: ['comment_updated'],
    topic: SP_1,
    content: `Hemanth V. Alluri updated their comment on ${SP_1_LINK}\n${quote(ON_IT)}`,
  },
  {
    test: 'comment event comment deleted',
    fixtures: ['comment_deleted'],
    topic: SP_1,
    content: `Hemanth V. Alluri deleted their comment on ${SP_1_LINK}\n${quote(`~~${ON_IT}~~`)}`,
  },
];

const IGNORED = [
  'attachment_created',
  'issuelink_created',
  'issuelink_deleted',
  'jira:version_released',
  'jira:worklog_updated',
  'sprint_closed',
  'sprint_started',
  'worklog_created',
  'worklog_updated',
];

describe('the Jira integration', () => {
  const integration = integrationUnderTest('jira', 'jira', 'Jira');

  beforeAll(async () => {
    const { org } = integration.hook;
    const created = await org.api(org.owner)('POST', '/users', {
      email: 'othello@zulip.com',
      full_name: 'Othello, the Moor of Venice',
      password: 'a long secret',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
  });

  const newestIn = (stream: string) =>
    newestInStream(integration.hook.org, integration.hook.owner, stream);

  describe.each(cases)('$test', ({ fixtures, topic, content }) => {
    it.each(fixtures)('posts %s as Zulip does', async (fixture) => {
      const response = await integration.post(zulipPayload('jira', fixture));
      expect(response.json).toEqual({ result: 'success', msg: '' });
      await expectBotMessage(integration.hook, CLIENT, topic, content);
    });
  });

  it('posts to a custom channel', async () => {
    await integration.hook.org.subscribe(integration.hook.owner, 'jira_custom');
    await integration.post(zulipPayload('jira', 'created_v2'), { stream: 'jira_custom' });
    expect(await newestIn('jira_custom')).toMatchObject({
      subject: BUG_15,
      content: bug15Created(),
      client: CLIENT,
    });
  });

  it('posts to a channel whose name has an escaped space', async () => {
    await integration.hook.org.subscribe(integration.hook.owner, 'jira alerts');
    const response = await integration.post(zulipPayload('jira', 'created_v1'), {
      stream: 'jira alerts',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await newestIn('jira alerts')).toMatchObject({
      subject: BUG_15,
      content: bug15Created(),
    });
  });

  // Jira escapes the URL it is given once more: the channel and topic are
  // unquoted a second time, as Zulip's Jira view asks.
  it('unquotes a channel name escaped twice (jira%2520alerts)', async () => {
    const response = await integration.post(zulipPayload('jira', 'created_v1'), {
      stream: 'jira%20alerts',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await newestIn('jira alerts')).toMatchObject({
      subject: BUG_15,
    });
  });

  it('unquotes a topic escaped twice (alerts%2520test)', async () => {
    const response = await integration.post(zulipPayload('jira', 'created_v1'), {
      stream: 'jira',
      topic: 'alerts%20test',
    });
    expect(response.json).toEqual({ result: 'success', msg: '' });
    expect(await newestIn('jira')).toMatchObject({
      subject: 'alerts test',
    });
  });

  it.each(IGNORED)('ignores %s, posting nothing', (event) =>
    integration.expectNothingPosted(JSON.stringify({ webhookEvent: event })),
  );

  it('refuses a payload that names no event, as Zulip does', async () => {
    const before = await integration.newestTheOwnerReads();
    const response = await integration.post(zulipPayload('jira', 'example_anomalous_payload'));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      result: 'error',
      code: 'ANOMALOUS_WEBHOOK_PAYLOAD',
      msg: 'Unable to parse request: Did Jira generate this event?',
    });
    expect(await integration.newestTheOwnerReads()).toBe(before);
  });

  it('answers an event it does not know as unsupported, posting nothing', () =>
    integration.expectUnsupported(
      JSON.stringify({ webhookEvent: 'jira:project_created' }),
      'jira:project_created',
    ));

  it("refuses a comment without its author's name, posting nothing", () => {
    const payload = JSON.parse(zulipPayload('jira', 'comment_created'));
    delete payload.comment.author.displayName;
    return integration.expectMissingKey(JSON.stringify(payload), 'comment.author.displayName');
  });

  it('names the event for exclude_events', () =>
    integration.expectNothingPosted(zulipPayload('jira', 'created_v1'), {
      query: { exclude_events: '["jira:issue_created"]' },
    }));
});
