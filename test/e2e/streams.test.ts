import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15: the stream browser, a subscription's own settings and muted
// topics. Every change goes to the server; the window shows it once the
// server's event comes, as it shows a change made by another client.

interface SubscriptionJson {
  stream_id: number;
  name: string;
  color: string;
  pin_to_top: boolean;
  is_muted: boolean;
  push_notifications: boolean | null;
}

describe('streams: browse, subscribe, create, settings and muted topics', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const sidebarStreams = async () =>
    (await sidebar().locator('button.stream .name').allInnerTexts()).map((name) => name.trim());
  const browserRow = (name: string): Locator =>
    page.locator('.browsed-stream').filter({ has: page.getByRole('heading', { name }) });
  const subscriptions = async (): Promise<SubscriptionJson[]> =>
    (await org.api(alice)('GET', '/users/me/subscriptions')).json.subscriptions;
  const subscriptionTo = async (name: string) =>
    (await subscriptions()).find((sub) => sub.name === name);
  const streamIdOf = async (name: string): Promise<number> =>
    (await org.api(alice)('GET', '/get_stream_id', { stream: name })).json.stream_id;

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'kitchen');
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'garden', description: 'Where the **roses** grow' }],
    });
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'secret', description: 'Only for bob' }],
      invite_only: true,
    });
    await org.api(bob)('POST', '/messages', {
      type: 'stream',
      to: 'kitchen',
      topic: 'lunch',
      content: 'Soup today',
    });
    ui = await openRendererPage(org, alice, { viewport: { width: 1200, height: 900 } });
    page = ui.page;
    await sidebar().getByRole('button', { name: '# kitchen' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('lists the public streams and those the user is in, with descriptions, and filters them', async () => {
    await sidebar().getByRole('button', { name: 'Browse channels' }).click();
    await page.getByRole('heading', { name: 'All channels' }).waitFor();
    await expect
      .poll(() => page.locator('.browsed-stream h3').allInnerTexts())
      .toEqual(['#garden', '#general Subscribed', '#kitchen Subscribed']);
    // Bob's private stream is not one alice may see.
    expect(await page.getByRole('heading', { name: /secret/ }).count()).toBe(0);
    const garden = browserRow('#garden');
    expect(await garden.locator('.browsed-description strong').innerText()).toBe('roses');
    expect(await garden.getByRole('button', { name: 'Subscribe to #garden' }).count()).toBe(1);

    await page.getByLabel('Filter channels').fill('GAR');
    await expect.poll(() => page.locator('.browsed-stream').count()).toBe(1);
    await page.getByLabel('Filter channels').fill('');
    await expect.poll(() => page.locator('.browsed-stream').count()).toBe(3);
    expect(await seriousViolationsInBothThemes(page, 'stream browser')).toEqual([]);
    await ui.screenshot('stream-browser');
  });

  it('subscribes to a stream, which joins the sidebar, and unsubscribes, which leaves it', async () => {
    await page.getByRole('button', { name: 'Subscribe to #garden' }).click();
    await expect.poll(sidebarStreams).toEqual(['# garden', '# general', '# kitchen']);
    await expect.poll(() => browserRow('#garden').locator('h3').innerText()).toMatch(/Subscribed/);
    expect((await subscriptionTo('garden'))?.name).toBe('garden');

    await page.getByRole('button', { name: 'Unsubscribe from #garden' }).click();
    await expect.poll(sidebarStreams).toEqual(['# general', '# kitchen']);
    await browserRow('#garden').getByRole('button', { name: 'Subscribe to #garden' }).waitFor();
    expect(await subscriptionTo('garden')).toBeUndefined();
  });

  it('creates a stream with its description, public or private', async () => {
    const form = page.getByRole('form', { name: 'Create a channel' });
    await form.getByLabel('Channel name').fill('bakery');
    await form.getByLabel('Description').fill('Fresh *bread* daily');
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(sidebarStreams).toEqual(['# bakery', '# general', '# kitchen']);
    const bakery = browserRow('#bakery');
    await expect.poll(() => bakery.locator('.browsed-description em').innerText()).toBe('bread');
    expect(await bakery.locator('h3').innerText()).toMatch(/Subscribed/);
    expect(await form.getByLabel('Channel name').inputValue()).toBe('');

    await form.getByLabel('Channel name').fill('vault');
    await form.getByLabel('Private: only people added to it').check();
    await form
      .getByLabel("Announce it in the organization's channel for new channel announcements")
      .uncheck();
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect.poll(sidebarStreams).toEqual(['# bakery', '# general', '# kitchen', '# vault']);
    await expect.poll(() => browserRow('#vault').locator('h3').innerText()).toMatch(/Private/);
    const streams = (await org.api(alice)('GET', '/streams')).json.streams as {
      name: string;
      invite_only: boolean;
      description: string;
    }[];
    expect(streams.find((stream) => stream.name === 'vault')?.invite_only).toBe(true);
    expect(streams.find((stream) => stream.name === 'bakery')).toMatchObject({
      invite_only: false,
      description: 'Fresh *bread* daily',
    });
    // Only bakery was announced, in the organization's notifications stream.
    const announcements = (
      await org.api(alice)('GET', '/messages', {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [{ operator: 'topic', operand: 'new channels' }],
        apply_markdown: false,
      })
    ).json.messages as { content: string }[];
    expect(announcements.map((message) => message.content)).toEqual([
      expect.stringMatching(/created a new channel #\*\*bakery\*\*/),
    ]);
  });

  it("shows why a name is refused: a stream alice sees, or the server's error for one hidden from her", async () => {
    const form = page.getByRole('form', { name: 'Create a channel' });
    await form.getByLabel('Channel name').fill('Kitchen');
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toBe('A channel named #kitchen already exists.');

    await form.getByLabel('Channel name').fill('secret');
    await form.getByRole('button', { name: 'Create channel' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toBe('Unable to access channel (secret).');
    expect(await form.getByLabel('Channel name').getAttribute('aria-invalid')).toBe('true');
    expect(await sidebarStreams()).toEqual(['# bakery', '# general', '# kitchen', '# vault']);
  });

  it('shows a stream another user creates', async () => {
    await org.api(bob)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'orchard', description: 'Apples and *pears*' }],
    });
    const orchard = browserRow('#orchard');
    await expect.poll(() => orchard.locator('.browsed-description em').innerText()).toBe('pears');
    expect(await orchard.getByRole('button', { name: 'Subscribe to #orchard' }).count()).toBe(1);
  });

  it("changes a stream's colour, pins it first and mutes it, from its settings", async () => {
    const kitchen = sidebar().locator('li', {
      has: page.getByRole('button', { name: '# kitchen' }),
    });
    await kitchen.getByRole('button', { name: 'Channel actions' }).click();
    await page.getByRole('menuitem', { name: 'Personal settings' }).click();
    await page.getByRole('heading', { name: '#kitchen' }).waitFor();
    const kitchenId = await streamIdOf('kitchen');

    await page.getByLabel('Channel colour').fill('#ff0000');
    await expect.poll(async () => (await subscriptionTo('kitchen'))?.color).toBe('#ff0000');
    const kitchenButton = sidebar().getByRole('button', { name: '# kitchen' });
    await expect
      .poll(() => kitchenButton.evaluate((button) => getComputedStyle(button).borderLeftColor))
      .toBe('rgb(255, 0, 0)');

    await page.getByLabel('Pin to the top of the sidebar').check();
    await expect.poll(sidebarStreams).toEqual(['# kitchen', '# bakery', '# general', '# vault']);
    expect((await subscriptionTo('kitchen'))?.pin_to_top).toBe(true);

    await page.getByLabel('Mute this channel').check();
    await expect.poll(() => kitchenButton.getAttribute('class')).toMatch(/\bmuted\b/);
    expect((await subscriptionTo('kitchen'))?.is_muted).toBe(true);

    const push = page.getByRole('checkbox', { name: 'Mobile notifications' });
    expect(await push.isChecked()).toBe(false);
    await push.check();
    await expect.poll(async () => (await subscriptionTo('kitchen'))?.push_notifications).toBe(true);
    expect(await seriousViolationsInBothThemes(page, 'stream settings')).toEqual([]);
    await ui.screenshot('stream-settings');

    // Another device unmutes it and picks another colour: the page and the sidebar follow.
    await org.api(alice)('POST', '/users/me/subscriptions/properties', {
      subscription_data: [
        { stream_id: kitchenId, property: 'is_muted', value: false },
        { stream_id: kitchenId, property: 'color', value: '#0000ff' },
      ],
    });
    await expect.poll(() => page.getByLabel('Mute this channel').isChecked()).toBe(false);
    await expect.poll(() => page.getByLabel('Channel colour').inputValue()).toBe('#0000ff');
    await expect.poll(() => kitchenButton.getAttribute('class')).not.toMatch(/\bmuted\b/);
  });

  it('mutes a topic from the sidebar, lists it among the muted topics, and unmutes it there', async () => {
    const kitchenId = await streamIdOf('kitchen');
    const policies = async () =>
      (
        (await org.api(alice)('POST', '/register', { event_types: ['user_topic'] })).json
          .user_topics as { stream_id: number; topic_name: string; visibility_policy: number }[]
      ).filter((topic) => topic.stream_id === kitchenId);

    await sidebar().getByRole('button', { name: '# kitchen' }).click();
    const lunch = sidebar().locator('.topics li', {
      has: page.getByRole('button', { name: 'lunch' }),
    });
    await lunch.getByRole('button', { name: 'Mute topic' }).click();
    await expect
      .poll(policies)
      .toEqual([expect.objectContaining({ topic_name: 'lunch', visibility_policy: 1 })]);
    await expect
      .poll(() => lunch.locator('button.topic-link').getAttribute('class'))
      .toMatch(/\bmuted\b/);
    await lunch.getByRole('button', { name: 'Unmute topic' }).waitFor();
    await lunch.hover();
    await ui.screenshot('sidebar-muted-topic');

    const kitchen = sidebar().locator('li', {
      has: page.getByRole('button', { name: '# kitchen' }),
    });
    await kitchen.getByRole('button', { name: 'Channel actions' }).click();
    await page.getByRole('menuitem', { name: 'Personal settings' }).click();
    const ownTopics = page.getByRole('region', { name: 'Muted topics' });
    await expect
      .poll(() => ownTopics.locator('.muted-topic').allInnerTexts())
      .toEqual([expect.stringMatching(/^lunch/)]);

    await page.getByRole('button', { name: 'All channels' }).click();
    await page.getByRole('button', { name: 'Muted topics' }).click();
    await page.getByRole('heading', { name: 'Topics you muted' }).waitFor();
    const rows = page.locator('.muted-topic');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringMatching(/#kitchen.*lunch/s)]);
    expect(await seriousViolationsInBothThemes(page, 'muted topics')).toEqual([]);
    await ui.screenshot('muted-topics');
    await page.getByRole('button', { name: 'Unmute lunch' }).click();
    await expect.poll(policies).toEqual([]);
    await expect
      .poll(() => page.locator('.muted-topics .empty').innerText())
      .toBe('No muted topics.');
    expect(ui.pageErrors).toEqual([]);
  });

  it("asks before leaving a private stream; leaving from a stream's settings returns to the browser", async () => {
    await page.getByRole('button', { name: 'All channels' }).click();
    const vault = browserRow('#vault');
    await vault.getByRole('button', { name: 'Unsubscribe from #vault' }).click();
    const question = vault.getByRole('group', { name: /Leave private #vault\?/ });
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await sidebarStreams()).toContain('# vault');

    await vault.getByRole('button', { name: 'Unsubscribe from #vault' }).click();
    await question.getByRole('button', { name: 'Leave #vault' }).click();
    await expect.poll(sidebarStreams).toEqual(['# kitchen', '# bakery', '# general']);
    await expect.poll(() => browserRow('#vault').count()).toBe(0);

    // Left from its settings, a public stream goes at once and the browser shows.
    await browserRow('#bakery').getByRole('button', { name: 'Settings for #bakery' }).click();
    await page.getByRole('heading', { name: '#bakery' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe from #bakery' }).click();
    await page.getByRole('heading', { name: 'All channels' }).waitFor();
    await expect.poll(sidebarStreams).toEqual(['# kitchen', '# general']);
    await browserRow('#bakery').getByRole('button', { name: 'Subscribe to #bakery' }).waitFor();
    expect(ui.pageErrors).toEqual([]);
  });
});
