import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { modernZulip, serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 15, points 1 to 3 in part: the feed laid out as Zulip's message list,
// Zulip's views in the sidebar, messages read as they are seen, stars.

// A window without the focus marks nothing read as it shows it: these stand in
// for a reader who has switched to another window.
const loseFocus = (page: Page) => page.evaluate(() => (document.hasFocus = () => false));
const regainFocus = (page: Page) =>
  page.evaluate(() => delete (document as { hasFocus?: unknown }).hasFocus);

describe.each(serverKinds)('the feed and the views beside it, on $name', (kind) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const say = (user: TestUser, topic: string, content: string) =>
    server.send(user, garden, topic, content);

  /** The flags alice's server holds for the message with this text. */
  async function flagsOf(text: string): Promise<string[]> {
    const answer = await server.api(alice)('GET', '/messages', {
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: JSON.stringify([{ operator: 'search', operand: text }]),
    });
    const found = (answer.json.messages as { content: string; flags: string[] }[]).find((each) =>
      each.content.includes(text),
    );
    if (!found) throw new Error(`no message says ${text}`);
    return found.flags;
  }

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const feed = () => page.getByRole('list', { name: 'Messages' });

  beforeAll(async () => {
    server = await kind.start();
    ({ me: alice, other: bob } = server);
    [garden] = server.channels;
    await say(bob, 'tomatoes', 'The tomatoes are red');
    await say(bob, 'tomatoes', 'Shall we pick them?');
    await say(alice, 'tomatoes', 'Tomorrow morning');
    await say(bob, 'beans', 'The beans need poles');
    ui = await openRendererPage(server, alice);
    page = ui.page;
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    await feed().locator('.message', { hasText: 'The beans need poles' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('puts each run of a conversation under a recipient bar and names a sender once per run', async () => {
    const bars = feed().locator('.recipient-bar');
    await expect.poll(() => bars.count()).toBe(2);
    // The ✔ between them resolves the topic, for those who may move it.
    await expect
      .poll(() => bars.nth(0).innerText())
      .toMatch(new RegExp(`# ${garden.name}\\s*›\\s*tomatoes\\s*(✔\\s*)?Today`));
    await expect
      .poll(() => bars.nth(1).innerText())
      .toMatch(new RegExp(`# ${garden.name}\\s*›\\s*beans`));

    const tomatoes = feed().locator('.message');
    expect(await tomatoes.nth(0).locator('.sender').innerText()).toBe(bob.fullName);
    // Bob's second message continues his run; Alice's reply names her.
    expect(await tomatoes.nth(1).locator('.sender').count()).toBe(0);
    expect(await tomatoes.nth(1).getAttribute('class')).toContain('continued');
    expect(await tomatoes.nth(2).locator('.sender').innerText()).toBe(alice.fullName);
    // The bar leads into its topic.
    await bars.nth(1).getByRole('button', { name: 'Go to topic beans' }).click();
    await page.locator('.conversation-header h1', { hasText: 'beans' }).waitFor();
    // The header changes before the topic's messages replace the stream's.
    await expect.poll(() => feed().locator('.message').count()).toBe(1);
    await ui.screenshot(`e2e-feed${server.screenshotSuffix}`);
  });

  it('marks what the reader sees as read, and offers to mark the rest of a topic read', async () => {
    await say(bob, 'beans', 'Poles are in the shed');
    const arrived = feed().locator('.message', { hasText: 'Poles are in the shed' });
    await arrived.waitFor();
    await expect.poll(() => flagsOf('Poles are in the shed')).toContain('read');
    await expect.poll(() => arrived.getAttribute('class')).not.toContain('unread');

    // A message too long ever to show half of itself is seen once it fills the view.
    const long = Array.from({ length: 120 }, (_, line) => `row ${line + 1} of the bean plan`);
    await say(bob, 'beans', long.join('\n\n'));
    const longMessage = feed().locator('.message', { hasText: 'row 120 of the bean plan' });
    await longMessage.waitFor();
    expect((await longMessage.boundingBox())?.height).toBeGreaterThan(2 * 700);
    await expect.poll(() => flagsOf('row 120 of the bean plan')).toContain('read');

    // A window without the focus marks nothing read: the topic's "Mark all as read" does.
    await loseFocus(page);
    await say(bob, 'weeds', 'Weeds by the fence');
    await say(bob, 'weeds', 'And by the gate');
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    const weeds = sidebar().getByRole('button', { name: /^weeds/ });
    await expect.poll(() => weeds.innerText()).toMatch(/weeds\s*2/);
    await weeds.click();
    await feed().locator('.message', { hasText: 'And by the gate' }).waitFor();
    expect(await flagsOf('And by the gate')).not.toContain('read');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => flagsOf('And by the gate')).toContain('read');
    expect(await flagsOf('Weeds by the fence')).toContain('read');
    await expect.poll(() => weeds.innerText()).toBe('weeds');
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    await regainFocus(page);
  });

  it('stars a message, lists it under Starred messages, and unstars it there', async () => {
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    const message = feed().locator('.message', { hasText: 'The tomatoes are red' });
    await message.hover();
    await message.getByRole('button', { name: 'Star this message' }).click();
    await expect.poll(() => flagsOf('The tomatoes are red')).toContain('starred');
    await message.getByRole('button', { name: 'Unstar this message' }).waitFor();

    await sidebar().getByRole('button', { name: 'Starred messages' }).click();
    await page.locator('.conversation-header h1', { hasText: 'Starred messages' }).waitFor();
    const starred = feed().locator('.message');
    await expect.poll(() => starred.count()).toBe(1);
    await starred.first().getByRole('button', { name: 'Unstar this message' }).click();
    await expect.poll(() => starred.count()).toBe(0);
    expect(await flagsOf('The tomatoes are red')).not.toContain('starred');
  });

  it('offers "Mark all as read" in Starred messages, which keeps no count, while one there is unread', async () => {
    await loseFocus(page);
    const sent = await say(bob, 'weeds', 'Starred before it was read');
    await server.api(alice)('POST', '/messages/flags', {
      messages: JSON.stringify([sent]),
      op: 'add',
      flag: 'starred',
    });
    await sidebar().getByRole('button', { name: 'Starred messages' }).click();
    await feed().locator('.message', { hasText: 'Starred before it was read' }).waitFor();
    expect(await flagsOf('Starred before it was read')).not.toContain('read');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => flagsOf('Starred before it was read')).toContain('read');
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    await regainFocus(page);
  });

  it('counts mentions and direct messages in their views, and shows each there', async () => {
    await say(bob, 'tomatoes', `@**${alice.fullName}** the first one is ripe`);
    await server.api(bob)('POST', '/messages', {
      type: 'private',
      to: [alice.id],
      content: 'Seeds for you on the porch',
    });
    const mentions = sidebar().getByRole('button', { name: /^Mentions/ });
    const direct = sidebar().getByRole('button', { name: /^Direct messages/ });
    await expect.poll(() => mentions.innerText()).toMatch(/Mentions\s*1/);
    await expect.poll(() => direct.innerText()).toMatch(/Direct messages\s*1/);

    await mentions.click();
    await feed().locator('.message', { hasText: 'the first one is ripe' }).waitFor();
    expect(await feed().locator('.message').count()).toBe(1);

    await direct.click();
    await feed().locator('.message', { hasText: 'Seeds for you on the porch' }).waitFor();
    await expect
      .poll(() => feed().locator('.recipient-bar').first().innerText())
      .toMatch(new RegExp(`You and ${bob.fullName}`));
    await ui.screenshot(`e2e-views${server.screenshotSuffix}`);
  });

  it('marks a message edited when its content changed and moved when only its topic did', async () => {
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    const sent = await say(bob, 'tomatoes', 'Ripe by Friday');
    const moved = await say(bob, 'tomatoes', 'Beans go here');
    await server.api(bob)('PATCH', `/messages/${sent}`, { content: 'Ripe by Saturday' });
    await server.api(bob)('PATCH', `/messages/${moved}`, {
      topic: 'beans',
      propagate_mode: 'change_one',
    });
    const edited = feed().locator('.message', { hasText: 'Ripe by Saturday' });
    await expect.poll(() => edited.locator('.edit-marker').textContent()).toBe('edited');
    const movedOne = feed().locator('.message', { hasText: 'Beans go here' });
    await expect.poll(() => movedOne.locator('.edit-marker').textContent()).toBe('moved');
  });

  it('opens a narrow at its first unread message, and loads newer ones at the bottom', async () => {
    await loseFocus(page);
    const ids: number[] = [];
    for (let n = 1; n <= 100; n++) ids.push(await say(bob, 'harvest', `harvest note ${n}`));
    await server.api(alice)('POST', '/messages/flags', {
      messages: JSON.stringify(ids.slice(0, 30)),
      op: 'add',
      flag: 'read',
    });
    const harvest = sidebar().getByRole('button', { name: /^harvest/ });
    await expect.poll(() => harvest.innerText()).toMatch(/harvest\s*70/);
    await harvest.click();

    const firstUnread = feed().locator('.message', { hasText: /harvest note 31$/ });
    await firstUnread.waitFor();
    const view = await page.locator('.feed').first().boundingBox();
    const box = await firstUnread.boundingBox();
    expect(box && view && box.y >= view.y && box.y + box.height <= view.y + view.height).toBe(true);
    // A little of what was read shows above it; the newest is not loaded yet.
    expect(
      await feed()
        .locator('.message', { hasText: /harvest note 30$/ })
        .count(),
    ).toBe(1);
    expect(
      await feed()
        .locator('.message', { hasText: /harvest note 100$/ })
        .count(),
    ).toBe(0);
    expect(await flagsOf('harvest note 31')).not.toContain('read');

    const newest = feed().locator('.message', { hasText: /harvest note 100$/ });
    await expect
      .poll(async () => {
        await page
          .locator('.feed')
          .first()
          .evaluate((element) => {
            element.scrollTop = element.scrollHeight;
          });
        return newest.count();
      })
      .toBe(1);
    await regainFocus(page);
  });
});

// Only Zulip servers from feature level 334 hold messages without a topic,
// which the window shows as the organization's "general chat".
describe('the feed’s general chat, on a Zulip 12 server', () => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const readOnServer = async (id: number): Promise<boolean> =>
    (
      (await server.api(alice)('GET', `/messages/${id}`)).json.message as { flags: string[] }
    ).flags.includes('read');

  beforeAll(async () => {
    server = await modernZulip.start();
    ({ me: alice, other: bob } = server);
    [garden] = server.channels;
    ui = await openRendererPage(server, alice);
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('marks general chat read with its "Mark all as read", leaving the channel’s other topics unread', async () => {
    await loseFocus(page);
    const chat = [
      await server.send(bob, garden, '', 'Who brought the seeds?'),
      await server.send(bob, garden, '', 'They are by the door'),
    ];
    const beans = await server.send(bob, garden, 'beans', 'The beans need poles');
    await sidebar()
      .getByRole('button', { name: `# ${garden.name}` })
      .click();
    const general = sidebar().getByRole('button', { name: /^general chat/ });
    await expect.poll(() => general.innerText()).toMatch(/general chat\s*2/);
    await general.click();
    await page.locator('.message', { hasText: 'They are by the door' }).waitFor();
    // The channel's feed shows that message too: its "Mark all as read" would take beans along.
    await page
      .locator('.message', { hasText: 'The beans need poles' })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    for (const id of chat) await expect.poll(() => readOnServer(id)).toBe(true);
    await expect.poll(() => general.innerText()).toBe('general chat');
    expect(await readOnServer(beans)).toBe(false);
    await ui.screenshot('e2e-feed-general-chat-zulip12');
  });
});
