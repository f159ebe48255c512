import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { fixture, newestMessage } from '../helpers/webhooks';
import { json, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhookReceiver';

const issueTopic = 'lantern / issue #12 Beam flickers at dusk';

/** Posts GitHub's "issue opened" delivery to `url`, as GitHub would. */
const postIssueOpened = (url: string): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'issues' },
    body: fixture('github', 'issues__opened.json'),
  });

describe('a user sets up an incoming webhook from the Bots view', () => {
  let org: Org;
  let alice: TestUser;
  let ui: RendererPage;
  let page: Page;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'general');
    await org.subscribe(alice, 'builds');
    ui = await openRendererPage(org, alice, { permissions: ['clipboard-read', 'clipboard-write'] });
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  const urlField = () => page.getByRole('textbox', { name: 'Webhook URL' });
  const botRow = () => page.getByRole('listitem', { name: 'GitHub hook' });

  it('creates a GitHub webhook bot whose URL delivers into the chosen stream', async () => {
    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await page.getByRole('heading', { name: 'Bots', level: 1 }).waitFor();
    await page.getByText('You have no bots yet.').waitFor();

    await page.getByLabel('Bot name').fill('GitHub hook');
    await page.getByLabel('Short name').fill('github');
    await page.getByLabel('Bot type').selectOption({ label: 'Incoming webhook' });
    await page.getByRole('button', { name: 'Create bot' }).click();

    await botRow().waitFor();
    expect(await botRow().textContent()).toContain('github-bot@hearth.local');
    expect(await botRow().textContent()).toContain('Incoming webhook');
    await page.getByRole('heading', { name: 'Webhook URL for GitHub hook' }).waitFor();
    await page.getByLabel('Integration').selectOption({ label: 'GitHub' });
    await page.getByLabel('Channel', { exact: true }).selectOption('builds');
    await expect.poll(() => urlField().inputValue()).toContain('stream=builds');
    const url = await urlField().inputValue();
    expect(url).toMatch(
      new RegExp(`^${org.url}/api/v1/external/github\\?api_key=[A-Za-z0-9]{32}&stream=builds$`),
    );
    expect(await page.getByText("Paste this URL into GitHub's webhook settings.").count()).toBe(1);
    // Each integration says where its URL goes.
    expect(await page.getByText('Settings › Webhooks, add a webhook with this URL').count()).toBe(
      1,
    );
    await page.getByLabel('Integration').selectOption({ label: 'Jira' });
    await expect.poll(() => urlField().inputValue()).toContain('/external/jira?');
    expect(await page.getByText('System › WebHooks').count()).toBe(1);
    await page.getByLabel('Integration').selectOption({ label: 'GitHub' });
    await expect.poll(() => urlField().inputValue()).toContain('/external/github?');

    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    const delivery = await postIssueOpened(url);
    expect(delivery.status).toBe(200);
    expect(await delivery.json()).toEqual({ result: 'success', msg: '' });

    const stored = await newestMessage(org, alice);
    expect(stored).toMatchObject({
      display_recipient: 'builds',
      subject: issueTopic,
      sender_id: await botIdOf('github-bot@hearth.local'),
    });
    await page.getByRole('button', { name: '# builds' }).click();
    const shown = page.locator(`.message[data-message-id="${stored.id}"]`);
    await shown.waitFor();
    expect(await shown.locator('.sender').textContent()).toBe('GitHub hook');
    expect(await shown.textContent()).toContain('octo-admin opened issue #12');
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: issueTopic })
      .waitFor();

    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await urlField().waitFor();
    await ui.screenshot('e2e-bots');
    expect(ui.pageErrors).toEqual([]);
  });

  const testButton = () => page.getByRole('button', { name: 'Send a test message' });

  it('sends a test message where the URL posts, and says where to look', async () => {
    await page.getByLabel('Integration').selectOption({ label: 'Jira' });
    await expect.poll(() => urlField().inputValue()).toContain('/external/jira?');
    // The app holds no sample of Jira's deliveries.
    expect(await testButton().count()).toBe(0);
    await page.getByLabel('Integration').selectOption({ label: 'GitHub' });
    await page.getByLabel('Topic', { exact: true }).fill('setup');
    await expect.poll(() => urlField().inputValue()).toMatch(/\/external\/github\?.*topic=setup$/);

    await testButton().click();

    await page.getByRole('status').filter({ hasText: 'Sent: look in #builds › setup.' }).waitFor();
    expect(await testButton().isEnabled()).toBe(true);
    const stored = await newestMessage(org, alice);
    expect(stored).toMatchObject({
      display_recipient: 'builds',
      subject: 'setup',
      content: 'GitHub webhook has been successfully configured by hearth.',
      sender_id: await botIdOf('github-bot@hearth.local'),
    });
    await ui.screenshot('e2e-bots-test-message');
    await page.getByRole('button', { name: '# builds' }).click();
    const shown = page.locator(`.message[data-message-id="${stored.id}"]`);
    await shown.waitFor();
    expect(await shown.textContent()).toContain(
      'GitHub webhook has been successfully configured by hearth.',
    );

    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await page.getByLabel('Topic', { exact: true }).fill('');
    await expect.poll(() => urlField().inputValue()).toMatch(/stream=builds$/);
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows the server's reason when the channel is gone from under the URL", async () => {
    await org.subscribe(alice, 'scratch');
    const channel = page.getByLabel('Channel', { exact: true });
    await expect.poll(() => channel.locator('option', { hasText: 'scratch' }).count()).toBe(1);
    await channel.selectOption('scratch');
    await expect.poll(() => urlField().inputValue()).toMatch(/stream=scratch$/);
    const { json } = await org.api(alice)('GET', '/get_stream_id', { stream: 'scratch' });
    await org.api(org.owner)('PATCH', `/streams/${String(json.stream_id)}`, {
      new_name: 'scratch (old)',
    });
    const before = await newestMessage(org, alice);

    await testButton().click();

    await page
      .getByRole('alert')
      .filter({ hasText: "The test message was not sent: Invalid channel name 'scratch'" })
      .waitFor();
    expect((await newestMessage(org, alice)).id).toBe(before.id);
    await ui.screenshot('e2e-bots-test-message-refused');

    await channel.selectOption('builds');
    await expect.poll(() => urlField().inputValue()).toMatch(/stream=builds$/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('regenerating the key changes the URL, and the old URL is refused', async () => {
    const oldUrl = await urlField().inputValue();
    expect(oldUrl).toContain('api_key=');

    await botRow().getByRole('button', { name: 'Regenerate key' }).click();

    await expect.poll(() => urlField().inputValue()).not.toBe(oldUrl);
    const newUrl = await urlField().inputValue();
    expect(newUrl).toMatch(/stream=builds$/);
    const refused = await postIssueOpened(oldUrl);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ result: 'error', msg: 'Invalid API key' });
    expect((await postIssueOpened(newUrl)).status).toBe(200);
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows the server's reason when a short name is taken", async () => {
    await page.getByLabel('Bot name').fill('Another hook');
    await page.getByLabel('Short name').fill('github');
    await page.getByRole('button', { name: 'Create bot' }).click();

    await page.getByRole('alert').filter({ hasText: 'Username already in use' }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Another hook' }).count()).toBe(0);
  });

  it('deactivating the bot removes it and its URL', async () => {
    await botRow().getByRole('button', { name: 'Deactivate' }).click();

    await page.getByText('You have no bots yet.').waitFor();
    expect(await urlField().count()).toBe(0);
    expect((await org.api(alice)('GET', '/bots')).json.bots).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });

  it('keeps a half-written message while the user visits the Bots view', async () => {
    await page.getByRole('button', { name: '# builds' }).click();
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Draft about the release');
    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await page.getByRole('heading', { name: 'Bots', level: 1 }).waitFor();
    expect(await message.count()).toBe(0);

    await page.getByRole('button', { name: '# builds' }).click();
    expect(await message.inputValue()).toBe('Draft about the release');
  });

  /** The bot's user ID, as GET /users lists it. */
  async function botIdOf(email: string): Promise<number> {
    const members = (await org.api(alice)('GET', '/users')).json.members as {
      user_id: number;
      email: string;
    }[];
    const bot = members.find((member) => member.email === email);
    if (!bot) throw new Error(`${email} is not a member`);
    return bot.user_id;
  }
});

describe('a user sets up an outgoing webhook bot from the Bots view', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let receiver: WebhookReceiver;
  let ui: RendererPage;
  let page: Page;

  beforeAll(async () => {
    // The bot's server runs on this computer, which the host's owner allows here.
    org = await startOrg({ outgoingWebhooks: { allowPrivateAddresses: true } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    receiver = await startWebhookReceiver();
    ui = await openRendererPage(org, alice);
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
    await receiver?.close();
  });

  it('creates the bot with its URL by keyboard, and the bot answers a mention in a channel', async () => {
    const botUrl = `${receiver.url}/triage`;
    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    await page.getByRole('heading', { name: 'Bots', level: 1 }).waitFor();

    await page.getByLabel('Bot name').fill('Triage');
    await page.getByLabel('Short name').fill('triage');
    await page.getByLabel('Bot type').selectOption({ label: 'Outgoing webhook' });
    await page.getByLabel('Endpoint URL').fill(botUrl);
    await page.getByLabel('Outgoing webhook message format').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Create bot');
    await page.keyboard.press('Enter');

    const row = page.getByRole('listitem', { name: 'Triage' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Outgoing webhook');
    await row.getByText(`Posts to ${botUrl}`).waitFor();
    expect(await seriousViolationsInBothThemes(page, 'the Bots view')).toEqual([]);
    await ui.screenshot('e2e-bots-outgoing');

    receiver.answerWith(json({ content: 'Filed as issue **#7**.' }));
    await org.sendStream(bob, 'general', 'lamp', '@**Triage** the lamp is out');
    const [request] = await receiver.waitFor('/triage', 1);
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      trigger: 'mention',
      bot_full_name: 'Triage',
      data: '@**Triage** the lamp is out',
    });

    await page.getByRole('button', { name: '# general' }).click();
    const reply = page.locator('.message').filter({ hasText: 'Filed as issue #7.' });
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.locator('.sender').textContent()).toBe('Triage');
    await ui.screenshot('e2e-bots-outgoing-reply');
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows the host's refusal of a URL on a private network", async () => {
    const refusing = await startOrg();
    const carol = await refusing.user('carol');
    const other = await openRendererPage(refusing, carol);
    try {
      await other.page.getByRole('button', { name: 'Bots', exact: true }).click();
      await other.page.getByLabel('Bot name').fill('Snoop');
      await other.page.getByLabel('Short name').fill('snoop');
      await other.page.getByLabel('Bot type').selectOption({ label: 'Outgoing webhook' });
      await other.page.getByLabel('Endpoint URL').fill('http://192.168.1.1/admin');
      await other.page.getByRole('button', { name: 'Create bot' }).click();
      await other.page
        .getByRole('alert')
        .filter({ hasText: 'reaches this computer or a private network' })
        .waitFor();
      expect(await other.page.getByRole('listitem', { name: 'Snoop' }).count()).toBe(0);
      await other.screenshot('e2e-bots-outgoing-refused');
    } finally {
      await other.close();
      await refusing.close();
    }
  });
});
