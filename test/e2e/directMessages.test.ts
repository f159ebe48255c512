import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 15, points 1 and 4: the left sidebar lists private conversations, the
// compose box writes to a stream's topic or to people picked by name, and
// Recent conversations lists every conversation by its latest message.

describe.each(serverKinds)('direct messages and recent conversations, on $name', (kind) => {
  let server: TestServer;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let kitchen: Channel;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const dmList = () => sidebar().getByRole('list', { name: 'Direct messages' });
  const compose = () => page.getByRole('form', { name: 'Compose' });

  /** What `reader` received from alice alone, oldest first, as written. */
  const receivedFromAlice = async (reader: Person): Promise<string[]> =>
    (
      await server.api(reader)('GET', '/messages', {
        anchor: 'newest',
        num_before: 20,
        num_after: 0,
        narrow: [{ operator: 'pm-with', operand: [alice.id] }],
        apply_markdown: false,
      })
    ).json.messages
      .filter((message: { sender_id: number }) => message.sender_id === alice.id)
      .map((message: { content: string }) => message.content);

  beforeAll(async () => {
    server = await kind.start();
    ({ me: alice, other: bob, third: carol } = server);
    kitchen = server.channels[0];
    await server.send(bob, kitchen, 'recipes', 'The bread recipe is in the drawer.');
    // Written before alice's window ever opened: the sidebar must still list it.
    await server.api(bob)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([alice.id]),
      content: 'Can you cover my shift on Friday?',
    });
    ui = await openRendererPage(server, alice);
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('lists a private conversation with its unread count, and a reply there goes to the same people', async () => {
    const withBob = dmList().getByRole('button', { name: new RegExp(bob.fullName) });
    await expect.poll(() => withBob.innerText()).toMatch(/1\s*unread/);
    await withBob.click();
    await page.locator('.message', { hasText: 'Can you cover my shift on Friday?' }).waitFor();

    await expect(
      compose().getByRole('button', { name: 'Direct message' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await expect(
      compose().getByRole('list', { name: 'Recipients' }).innerText(),
    ).resolves.toContain(bob.fullName);
    await compose().getByRole('textbox', { name: 'Message' }).fill('Yes, I can do Friday.');
    await compose().getByRole('textbox', { name: 'Message' }).press('Control+Enter');

    await page.locator('.message', { hasText: 'Yes, I can do Friday.' }).waitFor();
    await expect.poll(() => receivedFromAlice(bob)).toEqual(['Yes, I can do Friday.']);
    expect(await receivedFromAlice(carol)).toEqual([]);
  });

  it('starts a direct message with someone picked by name from the keyboard', async () => {
    await compose().getByRole('button', { name: 'Direct message' }).click();
    // Bob is still picked from the conversation open: Backspace gives him back.
    const to = compose().getByRole('combobox', { name: 'To' });
    await to.press('Backspace');
    await expect.poll(() => compose().locator('.chip').count()).toBe(0);
    await to.fill(carol.fullName.slice(0, 3).toLowerCase());
    await expect(to.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(page.getByRole('option', { selected: true }).innerText()).resolves.toContain(
      carol.fullName,
    );
    await ui.screenshot('e2e-dm-compose');
    await to.press('Enter');
    await expect(
      compose().getByRole('list', { name: 'Recipients' }).innerText(),
    ).resolves.toContain(carol.fullName);
    await compose().getByRole('textbox', { name: 'Message' }).fill('Lunch at noon?');
    await compose().getByRole('button', { name: 'Send' }).click();

    await expect.poll(() => receivedFromAlice(carol)).toEqual(['Lunch at noon?']);
    // The newest conversation comes first in the sidebar.
    await expect
      .poll(() => dmList().locator('.name').allInnerTexts())
      .toEqual([carol.fullName, bob.fullName]);
  });

  it('lists each conversation by its latest message in Recent conversations, and opens one', async () => {
    await sidebar().getByRole('button', { name: 'Recent conversations' }).click();
    const view = page.getByRole('region', { name: 'Recent conversations' });
    const rows = view.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const texts = await rows.allInnerTexts();
    expect(texts[0]).toContain(carol.fullName);
    expect(texts[1]).toContain(bob.fullName);
    expect(texts[2]).toMatch(new RegExp(`${kitchen.name}\\s+recipes`));
    expect(texts[2]).toContain(bob.fullName);
    await ui.screenshot('e2e-recent');

    await server.send(bob, kitchen, 'recipes', 'Also, we are out of flour.');
    // The new message moves its topic to the top, unread.
    await expect.poll(async () => (await rows.first().innerText()).includes('recipes')).toBe(true);
    await view.getByRole('checkbox', { name: 'Unread only' }).check();
    await expect.poll(() => rows.count()).toBe(1);

    await rows.first().getByRole('button', { name: 'recipes' }).click();
    await page.locator('.message', { hasText: 'Also, we are out of flour.' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('recipes');
  });
});
