import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type Person, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 6: muting someone from the window, on a Hearth host and on
// a Zulip server. Their messages hide behind "Show message", they leave the
// people list, the direct messages and completion, and Settings › Muted users
// lists them to unmute.
//
// Issue 56, point 3: the rest of Zulip's help ("Mute a user"), view by view.
// Direct messages with a muted user "are excluded from all views, including
// search", unless searched for; they are "Muted user" for "emoji reactions"
// and "the recipients of group direct messages", and, as the issue asks, in
// typing notices.

describe.each(serverKinds)('muted users in the window, on $name', (kind) => {
  let server: TestServer;
  let me: Person;
  let other: Person;
  let third: Person;
  let channel: Channel;
  let ui: RendererPage;
  let page: Page;

  const people = () => page.getByRole('complementary', { name: 'People' });
  const personRow = (person: Person) =>
    people().locator('.person-line', { hasText: person.fullName });
  const dmList = () =>
    page.getByRole('navigation', { name: 'Conversations' }).getByRole('list', {
      name: 'Direct messages',
    });
  const feed = () => page.getByRole('list', { name: 'Messages' });
  const messageOf = (text: string) => feed().locator('.message', { hasText: text });
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const muteDialog = () => page.getByRole('dialog', { name: `Mute ${other.fullName}?` });
  const serverMutes = async (): Promise<number[]> =>
    (
      (await server.api(me)('POST', '/register', { fetch_event_types: '["muted_users"]' })).json
        .muted_users as { id: number }[]
    ).map((mute) => mute.id);
  const shot = (name: string) => ui.screenshot(`${name}${server.screenshotSuffix}`);
  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const searchBox = () => page.getByRole('searchbox', { name: 'Search', exact: true });
  const results = () => page.getByRole('list', { name: 'Matching messages' });
  const inFeed = (messageId: number) => feed().locator(`[data-message-id="${messageId}"]`);
  const typingNotice = () => page.locator('.typing-notice');
  const typing = (person: Person, op: 'start' | 'stop') =>
    server.api(person)('POST', '/typing', {
      op,
      // By the channel's ID from feature level 215, as each server asks.
      ...(server.featureLevel >= 215
        ? { type: 'stream', stream_id: channel.id, topic: 'lunch' }
        : { type: 'stream', to: JSON.stringify([channel.id]), topic: 'lunch' }),
    });
  let secretId: number;
  let countMeInId: number;

  beforeAll(async () => {
    server = await kind.start();
    ({ me, other, third } = server);
    channel = server.channels[0];
    await server.send(other, channel, 'lunch', 'Soup again, who is in?');
    countMeInId = await server.send(third, channel, 'lunch', 'Count me in.');
    await server.send(third, channel, 'lunch', 'No secret: the soup is tomato.');
    await server.api(third)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([me.id, other.id]),
      content: 'Plans for the weekend, all three of us?',
    });
    secretId = (
      await server.api(other)('POST', '/messages', {
        type: 'private',
        to: JSON.stringify([me.id]),
        content: 'Psst, a secret.',
      })
    ).json.id as number;
    for (const person of [other, me]) {
      await server.api(person)('POST', `/messages/${countMeInId}/reactions`, {
        emoji_name: 'tada',
        emoji_code: '1f389',
        reaction_type: 'unicode_emoji',
      });
    }
    ui = await openRendererPage(server, me, { viewport: { width: 1200, height: 800 } });
    page = ui.page;
    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    await messageOf('Count me in.').waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('mutes someone from the people list with the keyboard, after asking', async () => {
    await dmList()
      .getByRole('button', { name: new RegExp(other.fullName) })
      .first()
      .waitFor();
    const menuButton = personRow(other).getByRole('button', { name: 'Person actions' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Person actions' });
    await expect(
      menu
        .getByRole('menuitem', { name: 'Mute this user' })
        .evaluate((item) => item === document.activeElement),
    ).resolves.toBe(true);
    await shot('muted-user-person-menu');
    expect(await seriousViolationsInBothThemes(page, 'the person menu')).toEqual([]);
    await page.keyboard.press('Enter');
    await muteDialog().waitFor();
    await shot('muted-user-confirm');
    expect(await seriousViolationsInBothThemes(page, 'the mute dialog')).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => muteDialog().count()).toBe(0);
    expect(await serverMutes()).toEqual([]);

    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Mute this user' }).click();
    await muteDialog().getByRole('button', { name: 'Mute', exact: true }).click();
    await expect.poll(serverMutes).toEqual([other.id]);
    await expect.poll(() => personRow(other).count()).toBe(0);
    await expect.poll(() => personRow(third).count()).toBe(1);
    await expect
      .poll(() =>
        dmList()
          .getByRole('button', { name: new RegExp(other.fullName) })
          .count(),
      )
      .toBe(0);
  });

  it('hides the muted sender’s messages behind “Show message”, and hides one again from its menu', async () => {
    const hidden = feed().locator('.message', { hasText: 'You muted the sender of this message.' });
    await hidden.waitFor();
    await expect.poll(() => messageOf('Soup again').count()).toBe(0);
    expect(await hidden.innerText()).not.toContain(other.fullName);
    expect(await hidden.getAttribute('aria-label')).toMatch(/^Muted user, /);
    await expect(messageOf('Count me in.').innerText()).resolves.toContain(third.fullName);
    await shot('muted-message');
    expect(await seriousViolationsInBothThemes(page, 'a hidden message')).toEqual([]);

    await hidden.click();
    await hidden.getByRole('button', { name: 'Show message' }).click();
    await messageOf('Soup again, who is in?').waitFor();
    await expect(messageOf('Soup again').innerText()).resolves.toContain(other.fullName);
    await messageOf('Soup again').getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Hide muted message again' }).click();
    await expect.poll(() => messageOf('Soup again').count()).toBe(0);
  });

  it('leaves the one-to-one conversation out of All messages, Recent conversations and search', async () => {
    await sidebar().getByRole('button', { name: 'All messages' }).click();
    await messageOf('No secret: the soup is tomato.').waitFor();
    await messageOf('Plans for the weekend').waitFor();
    expect(await inFeed(secretId).count()).toBe(0);

    await searchBox().fill('secret');
    await searchBox().press('Enter');
    await results().locator('.message', { hasText: 'No secret' }).waitFor();
    expect(await results().locator(`[data-message-id="${secretId}"]`).count()).toBe(0);
    // Searched for by name, the conversation shows, its messages still hidden.
    await searchBox().fill(`dm:${other.email}`);
    await searchBox().press('Enter');
    const secret = results().locator(`[data-message-id="${secretId}"]`);
    await secret.waitFor();
    expect(await secret.innerText()).toContain('You muted the sender of this message.');
    await page.getByRole('button', { name: 'Close search' }).click();

    await sidebar().getByRole('button', { name: 'Recent conversations' }).click();
    const recent = page.getByRole('region', { name: 'Recent conversations' });
    const rows = recent.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // Recent conversations names no muted person, and the one-to-one conversation is not there.
    await expect
      .poll(async () => (await rows.allInnerTexts()).filter((row) => row.includes(other.fullName)))
      .toEqual([]);
    expect(await recent.locator('td.subject').allInnerTexts()).not.toContain('Muted user');
    const lunch = rows.filter({ hasText: 'lunch' });
    await expect(lunch.locator('td.participants').innerText()).resolves.toContain('Muted user');
    await shot('muted-user-recent');
  });

  it('names the muted “Muted user” in reactions, group direct messages and typing notices', async () => {
    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    const chip = messageOf('Count me in.').locator('.reaction-chip').first();
    await expect
      .poll(() => chip.getAttribute('title'))
      .toBe('You and Muted user reacted with :tada:');

    const group = dmList().getByRole('button', { name: /Muted user/ });
    await expect(group.innerText()).resolves.toContain(third.fullName);
    await group.click();
    const bar = feed().locator('.recipient-bar').first();
    await expect.poll(() => bar.innerText()).toContain('Muted user');
    expect(await bar.innerText()).not.toContain(other.fullName);
    await shot('muted-user-group');

    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    await messageOf('Count me in.').waitFor();
    await typing(other, 'start');
    await typing(third, 'start');
    await expect
      .poll(() => typingNotice().innerText())
      .toBe(`Muted user and ${third.fullName} are typing…`);
    await typing(third, 'stop');
    await expect.poll(() => typingNotice().innerText()).toBe('Muted user is typing…');
    await typing(other, 'stop');
    await expect.poll(() => typingNotice().innerText()).toBe('');
    expect(ui.pageErrors).toEqual([]);
  });

  it('leaves the muted out of mention completion and of the direct message recipients', async () => {
    const text = compose().getByRole('textbox', { name: 'Message' });
    await compose().getByRole('combobox', { name: 'Topic' }).fill('lunch');
    const completions = () => compose().getByRole('listbox');
    for (const person of [third, other]) {
      await text.fill('');
      await text.pressSequentially(`@${person.fullName.slice(0, 4)}`);
      const expected = person === third ? 1 : 0;
      await expect
        .poll(async () =>
          (await completions().count()) === 0
            ? 0
            : (await completions().getByRole('option').allInnerTexts()).filter((label) =>
                label.includes(person.fullName),
              ).length,
        )
        .toBe(expected);
    }
    await text.fill('');

    await compose().getByRole('button', { name: 'Direct message' }).click();
    const to = compose().getByRole('combobox', { name: 'To' });
    while ((await compose().locator('.chip').count()) > 0) await to.press('Backspace');
    await to.fill(other.fullName.slice(0, 4));
    await expect
      .poll(() => page.getByRole('option', { name: new RegExp(other.fullName) }).count())
      .toBe(0);
    await to.fill(third.fullName.slice(0, 4));
    await expect
      .poll(() => page.getByRole('option', { name: new RegExp(third.fullName) }).count())
      .toBe(1);
    await to.fill('');
    await compose().getByRole('button', { name: 'Channel', exact: true }).click();
  });

  it('lists the muted in Settings › Muted users, and unmutes from there', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Muted users' }).click();
    const section = page.getByRole('region', { name: 'Muted users' });
    const unmute = section.getByRole('button', { name: `Unmute ${other.fullName}` });
    await unmute.waitFor();
    const row = section
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Unmute ${other.fullName}` }) });
    await expect(row.innerText()).resolves.toContain(other.email);
    await shot('muted-users-settings');
    expect(await seriousViolationsInBothThemes(page, 'Settings › Muted users')).toEqual([]);

    await unmute.click();
    await section.getByText('You have not muted anyone.').waitFor();
    await expect.poll(serverMutes).toEqual([]);
    await expect.poll(() => personRow(other).count()).toBe(1);
    await page.getByRole('button', { name: `# ${channel.name}` }).click();
    await messageOf('Soup again, who is in?').waitFor();
    await sidebar().getByRole('button', { name: 'All messages' }).click();
    await messageOf('Psst, a secret.').waitFor();
  });
});
