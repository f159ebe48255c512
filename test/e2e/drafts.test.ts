import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RendererPage } from '../helpers/rendererPage';
import { restartableWindow } from '../helpers/restartableWindow';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 15, points 1 and 2: what is typed in the compose box is kept as the
// conversation's draft in the account's cache, comes back on returning there
// and after a restart, is listed in the Drafts view, and goes once sent.

describe.each(serverKinds)('drafts, on $name', (kind) => {
  let server: TestServer;
  let alice: Person;
  let bob: Person;
  let kitchen: Channel;
  let ui: RendererPage;
  let page: Page;
  let app: ReturnType<typeof restartableWindow>;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const draftsButton = () => sidebar().getByRole('button', { name: /^Drafts/ });
  const withBob = () =>
    sidebar()
      .getByRole('list', { name: 'Direct messages' })
      .getByRole('button', { name: bob.fullName });
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const message = () => compose().getByRole('textbox', { name: 'Message' });
  const draftList = () => page.getByRole('region', { name: 'Drafts' }).getByRole('listitem');

  beforeAll(async () => {
    server = await kind.start();
    ({ me: alice, other: bob } = server);
    kitchen = server.channels[0];
    await server.send(bob, kitchen, 'lunch', 'Soup at noon?');
    await server.api(bob)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([alice.id]),
      content: 'Coffee later?',
    });
    app = restartableWindow(server, alice);
    ui = await app.open();
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
    await app?.removeProfile();
  });

  it('keeps what was typed as the draft of its topic, lists it, and gives it back on return', async () => {
    await sidebar()
      .getByRole('button', { name: `# ${kitchen.name}` })
      .click();
    await compose().getByRole('combobox', { name: 'Topic' }).fill('lunch');
    await message().fill('Soup sounds good, I will bring');
    await expect.poll(() => draftsButton().innerText()).toMatch(/1\s*draft\b/);

    // Another conversation has no draft: the box is empty there.
    await withBob().click();
    await page.locator('.message', { hasText: 'Coffee later?' }).waitFor();
    await expect.poll(() => message().inputValue()).toBe('');

    await draftsButton().click();
    await expect
      .poll(() => draftList().allInnerTexts())
      .toEqual([
        expect.stringMatching(
          new RegExp(`#${kitchen.name} › lunch[\\s\\S]*Soup sounds good, I will bring`),
        ),
      ]);
    await ui.screenshot('drafts');

    await draftList()
      .getByRole('button', { name: new RegExp(`^#${kitchen.name} › lunch`) })
      .press('Enter');
    await page.locator('.message', { hasText: 'Soup at noon?' }).waitFor();
    await expect.poll(() => message().inputValue()).toBe('Soup sounds good, I will bring');
    expect(ui.pageErrors).toEqual([]);
  });

  it('forgets the draft once the message is sent', async () => {
    await message().fill('Soup sounds good, I will bring bread.');
    await message().press('Control+Enter');
    await page.locator('.message', { hasText: 'I will bring bread.' }).waitFor();
    await expect.poll(() => draftsButton().innerText()).toMatch(/Drafts$/);
    await draftsButton().click();
    await page.getByText('No drafts.', { exact: false }).waitFor();
    expect(await draftList().count()).toBe(0);
  });

  it('forgets the draft when the box is emptied', async () => {
    await withBob().click();
    await message().fill('Maybe soup again tomorrow');
    await expect.poll(() => draftsButton().innerText()).toMatch(/1\s*draft\b/);
    await message().fill('');
    await expect.poll(() => draftsButton().innerText()).toMatch(/Drafts$/);
  });

  it('deletes a draft from the Drafts view', async () => {
    await withBob().click();
    await message().fill('Not today, sorry');
    await expect.poll(() => draftsButton().innerText()).toMatch(/1\s*draft\b/);
    await draftsButton().click();
    await draftList()
      .getByRole('button', { name: `Delete the draft to ${bob.fullName}` })
      .click();
    await expect.poll(() => draftList().count()).toBe(0);
    await expect.poll(() => draftsButton().innerText()).toMatch(/Drafts$/);
    await withBob().click();
    await expect.poll(() => message().inputValue()).toBe('');
  });

  it('keeps drafts when the app restarts', async () => {
    await withBob().click();
    await message().fill('Yes to coffee at four');
    await expect.poll(() => draftsButton().innerText()).toMatch(/1\s*draft\b/);
    await ui.close();

    ui = await app.open();
    page = ui.page;
    // The window opens where it was left, with the draft in the box.
    await page.locator('.message', { hasText: 'Coffee later?' }).waitFor();
    await expect.poll(() => message().inputValue()).toBe('Yes to coffee at four');
    await draftsButton().click();
    await expect
      .poll(() => draftList().allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`${bob.fullName}[\\s\\S]*Yes to coffee at four`)),
      ]);
    expect(ui.pageErrors).toEqual([]);
  });
});
