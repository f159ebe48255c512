import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 3: statuses in the window, on a Hearth host and on a Zulip
// server. The reader sets theirs from the personal menu (Zulip's suggestions,
// a text of up to 60 characters, an emoji from the picker), clears it, and
// becomes unavailable; everyone's status shows beside their name in the
// people list, the feed and completion.

describe.each(serverKinds)('user status in the window, on $name', (kind) => {
  let server: TestServer;
  let me: Person;
  let other: Person;
  let channel: Channel;
  let ui: RendererPage;
  let page: Page;

  const people = () => page.getByRole('complementary', { name: 'People' });
  const personRow = (person: Person) =>
    people().locator('.person-line', { hasText: person.fullName });
  const feed = () => page.getByRole('list', { name: 'Messages' });
  const messageOf = (text: string) => feed().locator('.message', { hasText: text });
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const personal = () => page.getByRole('button', { name: new RegExp(`^${me.fullName}`) });
  const menu = () => page.getByRole('menu', { name: 'Your status' });
  const dialog = () => page.getByRole('dialog', { name: 'Set status' });
  const statusText = () => dialog().getByRole('textbox', { name: 'Status text' });
  const myStatus = async () =>
    (
      (await server.api(other)('POST', '/register', { fetch_event_types: '["user_status"]' })).json
        .user_status as Record<string, unknown>
    )[me.id];
  const shot = (name: string) => ui.screenshot(`${name}${server.screenshotSuffix}`);

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other } = server);
    channel = server.channels[0];
    await server.send(other, channel, 'plans', 'Who is around on Friday?');
    await server.api(other)('POST', '/users/me/status', {
      status_text: 'Vacationing',
      emoji_name: 'palm_tree',
      emoji_code: '1f334',
      reaction_type: 'unicode_emoji',
    });
    ui = await openRendererPage(server, me, { viewport: { width: 1200, height: 800 } });
    page = ui.page;
    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    await messageOf('Who is around on Friday?').waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('shows another’s status beside their name in the people list, the feed and completion', async () => {
    await expect.poll(() => personRow(other).innerText()).toContain('Vacationing');
    expect(await personRow(other).innerText()).toContain('🌴');
    await expect(
      personRow(other)
        .getByRole('button', { name: new RegExp(other.fullName) })
        .textContent(),
    ).resolves.toContain('Vacationing');
    const header = messageOf('Who is around on Friday?').locator('.message-meta');
    expect(await header.innerText()).toContain('🌴');
    expect(await header.locator('.status-badge').getAttribute('title')).toBe('Vacationing');

    const text = compose().getByRole('textbox', { name: 'Message' });
    await compose().getByRole('combobox', { name: 'Topic' }).fill('plans');
    await text.pressSequentially(`@${other.fullName.slice(0, 4)}`);
    const option = compose().getByRole('option', { name: new RegExp(other.fullName) });
    await expect.poll(() => option.innerText()).toContain('Vacationing');
    await shot('user-status-completion');
    await text.fill('');
  });

  it('sets a status from the personal menu with the keyboard: a suggestion, then an emoji from the picker', async () => {
    await personal().focus();
    await page.keyboard.press('Enter');
    await expect(
      menu()
        .getByRole('menuitem', { name: 'Set status…' })
        .evaluate((item) => item === document.activeElement),
    ).resolves.toBe(true);
    await shot('user-status-menu');
    expect(await seriousViolationsInBothThemes(page, 'the personal menu')).toEqual([]);
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    await expect(statusText().evaluate((field) => field === document.activeElement)).resolves.toBe(
      true,
    );
    const save = dialog().getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    await dialog()
      .getByRole('button', { name: /In a meeting/ })
      .click();
    expect(await statusText().inputValue()).toBe('In a meeting');
    await shot('user-status-dialog');
    expect(await seriousViolationsInBothThemes(page, 'the Set status dialog')).toEqual([]);

    // An emoji of one's own choosing, from the picker, by keyboard.
    await dialog()
      .getByRole('button', { name: /Status emoji :calendar:/ })
      .click();
    const picker = page.getByRole('dialog', { name: 'Choose a status emoji' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('coffee');
    await shot('user-status-emoji-picker');
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.count()).toBe(0);
    await dialog()
      .getByRole('button', { name: /Status emoji :coffee:/ })
      .waitFor();

    await statusText().fill('Back at 3');
    await statusText().press('Enter');
    await expect.poll(() => dialog().isVisible()).toBe(false);
    await expect.poll(myStatus).toMatchObject({ status_text: 'Back at 3', emoji_name: 'coffee' });
    await expect.poll(() => personal().innerText()).toContain('Back at 3');
    expect(await personal().innerText()).toContain('☕');
    await shot('user-status-set');
  });

  it('holds the text to 60 characters, counted as the server counts them', async () => {
    await personal().click();
    await menu().getByRole('menuitem', { name: 'Edit status…' }).click();
    await dialog().waitFor();
    const save = dialog().getByRole('button', { name: 'Save' });
    await statusText().fill('🌴'.repeat(60));
    expect(await dialog().getByText('0 characters left').count()).toBe(1);
    expect(await save.isDisabled()).toBe(false);
    await statusText().fill('🌴'.repeat(61));
    expect(await statusText().getAttribute('aria-invalid')).toBe('true');
    expect(
      await dialog()
        .getByText(/1 character too many/)
        .count(),
    ).toBe(1);
    expect(await save.isDisabled()).toBe(true);
    await shot('user-status-too-long');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog().isVisible()).toBe(false);
    expect(await myStatus()).toMatchObject({ status_text: 'Back at 3' });
  });

  it('clears the status from the menu, and sets the reader unavailable and available again', async () => {
    await personal().click();
    await menu().getByRole('menuitem', { name: 'Clear status' }).click();
    await expect.poll(myStatus).toBeUndefined();
    await expect.poll(() => personal().innerText()).toBe(me.fullName);

    await personal().click();
    await menu().getByRole('menuitem', { name: 'Set yourself as unavailable' }).click();
    await expect.poll(myStatus).toEqual({ away: true });
    await expect.poll(() => personal().locator('.presence.away').count()).toBe(1);
    await shot('user-status-unavailable');
    expect(await seriousViolationsInBothThemes(page, 'the sidebar, unavailable')).toEqual([]);

    await personal().click();
    await menu().getByRole('menuitem', { name: 'Set yourself as available' }).click();
    await expect.poll(myStatus).toBeUndefined();
    await expect.poll(() => personal().locator('.presence.away').count()).toBe(0);
  });

  it('shows someone unavailable with a hollow dot, among the offline', async () => {
    await server.api(other)('POST', '/users/me/status', { away: true });
    const dot = personRow(other).locator('.presence');
    await expect.poll(() => dot.getAttribute('class')).toContain('away');
    await expect(
      personRow(other)
        .getByRole('button', { name: new RegExp(other.fullName) })
        .textContent(),
    ).resolves.toContain('Unavailable');
    await shot('user-status-people');
    await server.api(other)('POST', '/users/me/status', { away: false });
    await expect.poll(() => dot.getAttribute('class')).not.toContain('away');
  });
});
