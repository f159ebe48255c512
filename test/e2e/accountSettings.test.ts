import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 15: the account settings page changes the reader's full name on the
// server, which checks it; the new name then shows wherever the window names
// the reader, as the server's realm_user event says. Email and role are read-only.

describe('the account settings page', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;
  const ids = { alice: 0, bob: 0 };

  const account = () => page.getByRole('tabpanel', { name: 'Account' });
  const nameField = () => account().getByLabel('Full name');
  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const people = () => page.getByRole('complementary', { name: 'People' });
  const sender = (id: number) =>
    page.locator(`.message[data-message-id="${id}"] .sender`).innerText();
  const nameOnServer = async (user: TestUser) =>
    (await org.api(bob)('GET', '/users')).json.members.find(
      (member: { user_id: number }) => member.user_id === user.id,
    ).full_name;
  const openFeed = async () => {
    await sidebar().getByRole('button', { name: '# general' }).click();
    await page.locator(`.message[data-message-id="${ids.bob}"]`).waitFor();
  };
  const openAccount = async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Account' }).click();
    await nameField().waitFor();
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    const send = (user: TestUser, content: string) =>
      org.sendStream(user, 'general', 'names', content);
    ids.alice = await send(alice, 'Hello from Alice');
    ids.bob = await send(bob, 'Hello from Bob');
    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 800 } });
    page = ui.page;
    await openFeed();
    await openAccount();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('shows the full name to change, and the email and role to read', async () => {
    expect(await nameField().inputValue()).toBe('Alice');
    expect(await account().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const facts = await account().locator('.account-facts').innerText();
    expect(facts).toContain(alice.email);
    expect(facts).toMatch(/Role\s+Member/);
    // Of the profile, only the name is typed; the password has a section of its own.
    expect(
      await account().getByRole('region', { name: 'Profile' }).getByRole('textbox').count(),
    ).toBe(1);
    await ui.screenshot('settings-account');
  });

  // Every event (here a message to the reader) brings the window a new snapshot.
  it('keeps what is typed while messages come in', async () => {
    await nameField().fill('Alice in typing');
    const unread = () =>
      sidebar()
        .getByRole('button', { name: /# general/ })
        .innerText();
    const before = await unread();
    await org.sendStream(bob, 'general', 'names', 'Meanwhile, from Bob');
    await expect.poll(unread).not.toBe(before);
    expect(await nameField().inputValue()).toBe('Alice in typing');
    expect(await account().getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await nameField().fill('Alice');
  });

  it('renames the reader on the server, in the sidebar and on their messages', async () => {
    await nameField().fill('Alice Liddell');
    await account().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => nameOnServer(alice)).toBe('Alice Liddell');
    await expect.poll(() => sidebar().locator('.me').innerText()).toBe('Alice Liddell');
    expect(await account().getByRole('alert').count()).toBe(0);
    await openFeed();
    await expect.poll(() => sender(ids.alice)).toBe('Alice Liddell');
  });

  it('shows the new name of someone else in the people list and on their messages', async () => {
    await org.api(bob)('PATCH', '/settings', { full_name: 'Robert Brown' });
    await expect
      .poll(() =>
        people()
          .getByRole('button', { name: /Robert Brown/ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => sender(ids.bob)).toBe('Robert Brown');
  });

  it("shows the server's reason for refusing a name, and keeps the old one", async () => {
    await openAccount();
    await nameField().fill('Alice @ home');
    await account().getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => account().getByRole('alert').innerText())
      .toContain('Invalid characters in name!');
    expect(await nameOnServer(alice)).toBe('Alice Liddell');
    expect(await sidebar().locator('.me').innerText()).toBe('Alice Liddell');
    await nameField().fill('A');
    await account().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => account().getByRole('alert').innerText()).toContain('Name too short!');
    await ui.screenshot('settings-account-error');
  });

  it('follows a rename made on another device, clearing what was typed', async () => {
    await org.api(alice)('PATCH', '/settings', { full_name: 'Alice Pleasance' });
    await expect.poll(() => nameField().inputValue()).toBe('Alice Pleasance');
    expect(ui.pageErrors).toEqual([]);
  });

  it('changes the password with the current one, and says so', async () => {
    await openAccount();
    await account().getByLabel('Current password').fill('correct horse battery staple');
    await account().getByLabel('New password', { exact: true }).fill('a river runs through it');
    await account().getByLabel('New password again').fill('a river runs through it');
    await account().getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => account().getByRole('status').innerText())
      .toBe('Your password is changed.');
    const login = await org.api()('POST', '/fetch_api_key', {
      username: alice.email,
      password: 'a river runs through it',
    });
    expect(login.json.result).toBe('success');
    expect(await account().getByLabel('Current password').inputValue()).toBe('');
  });

  it('keeps the API key when the person cancels main’s dialog, and says so', async () => {
    const { confirmations } = ui.hearth;
    confirmations.accept = false;
    await account().getByRole('button', { name: 'Regenerate API key…' }).click();
    await expect
      .poll(() => account().getByRole('status').innerText())
      .toBe('Cancelled: your API key is unchanged.');
    expect(confirmations.asked.map(({ message }) => message)).toEqual([
      `Regenerate your API key for ${org.realmName} (${alice.email})?`,
    ]);
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(200);
    confirmations.accept = true;
  });

  it('makes a new API key once main’s dialog is confirmed, and goes on working with it', async () => {
    await account().getByRole('button', { name: 'Regenerate API key…' }).click();
    await expect
      .poll(() => account().getByRole('status').innerText())
      .toContain('Your API key is new');
    expect(ui.hearth.confirmations.asked).toHaveLength(2);
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(401);
    await openFeed();
    await page.getByRole('combobox', { name: 'Topic' }).fill('names');
    await page.getByRole('textbox', { name: 'Message' }).fill('Still here with a new key');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('.message:not(.outbox-entry)', { hasText: 'Still here with a new key' })
      .waitFor();
    expect(ui.pageErrors).toEqual([]);
  });
});
