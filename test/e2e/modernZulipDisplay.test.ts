import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedMessage } from '../helpers/feedActions';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../helpers/doubleClients';

// Issue 34, point 5: what the window shows and offers a member of a Zulip 12
// organization (the documented double) that a Hearth host's does not: guests
// marked "(guest)" as the organization asks (changelog level 216), the
// followed-topic notification settings (189), the badge's choices in the
// server's numbers (227), and no dense mode, which the server no longer has (364).
describe('the window against a modern Zulip server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const section = (name: string) => page.getByRole('region', { name });

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
    clients = clientsOf(double);
    // Polonius is a guest, in Denmark only, where King Hamlet reads.
    await clients.apiFor(double.users.guest).sendStreamMessage({
      stream: 'Denmark',
      topic: 'arras',
      content: 'Behind the arras I will hide',
    });
    ui = await joinedThroughForm(double.url, double.users.member, {
      viewport: { width: 1100, height: 760 },
    });
    page = ui.page;
  });

  afterAll(async () => {
    await ui?.close();
    await double?.close();
  });

  it('follows a guest’s name with "(guest)" in the feed, the people list and direct messages', async () => {
    await sidebar().getByRole('button', { name: '# Denmark' }).click();
    const message = feedMessage(page, 'Behind the arras I will hide');
    await message.waitFor();
    expect(await message.locator('.sender').textContent()).toBe('Polonius (guest)');
    const people = page.getByRole('complementary', { name: 'People' });
    await people.getByRole('button', { name: /^Polonius \(guest\)/ }).waitFor();
    expect(await people.getByRole('button', { name: /^King Hamlet/ }).count()).toBe(0);
    await ui.screenshot('modern-zulip-guest-in-feed');

    await people.getByRole('button', { name: /^Polonius \(guest\)/ }).click();
    await page.getByRole('heading', { name: 'Polonius (guest)' }).waitFor();
    await clients.apiFor(double.users.guest).sendMessage({
      to: { userIds: [double.users.member.id] },
      content: 'My lord, the queen would speak with you',
    });
    await feedMessage(page, 'My lord, the queen would speak with you').waitFor();
    await page.getByRole('button', { name: 'You and Polonius (guest)' }).waitFor();
    await sidebar()
      .getByRole('button', { name: /^Polonius \(guest\)/ })
      .waitFor();
    await ui.screenshot('modern-zulip-guest-direct-message');
  });

  it('completes a guest’s mention under their marked name, and writes the plain one', async () => {
    const field = page.getByRole('form', { name: 'Compose' }).getByRole('textbox', {
      name: 'Message',
    });
    await field.click();
    await field.fill('@Pol');
    const suggestion = page.getByRole('option', { name: /Polonius \(guest\)/ });
    await suggestion.waitFor();
    await ui.screenshot('modern-zulip-guest-completion');
    await suggestion.click();
    expect(await field.inputValue()).toBe('@**Polonius** ');
    await field.fill('');
  });

  it('offers the followed-topic notifications and the badge’s choices as the server numbers them', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const followed = section('Followed topics');
    await followed.waitFor();
    // The documented user settings follow topics with every kind of notification.
    expect(await followed.getByRole('checkbox').count()).toBe(5);
    for (const name of [
      'Desktop notifications',
      'Sounds',
      'Notify for @all and @everyone like a mention',
    ]) {
      expect(await followed.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    }
    const badge = section('Other').getByLabel('Unread count on the app icon');
    expect(await badge.locator('option').allTextContents()).toEqual([
      'All unread messages',
      'Direct messages, mentions and followed topics',
      'Direct messages and mentions',
      'None',
    ]);
    expect(
      await badge
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).toEqual(['1', '2', '3', '4']);
    // An archived channel takes no messages, so it has no notification settings.
    expect(
      await page.getByRole('checkbox', { name: 'Desktop notifications for #Rome' }).count(),
    ).toBe(0);
    await page.getByRole('checkbox', { name: 'Desktop notifications for #Denmark' }).waitFor();
    await ui.screenshot('modern-zulip-notification-settings');
    await badge.scrollIntoViewIfNeeded();
    await ui.screenshot('modern-zulip-badge-choices');
  });

  it('offers no dense mode, which the server no longer has', async () => {
    await page.getByRole('tab', { name: 'Display' }).click();
    await page.getByRole('checkbox', { name: 'Show times on the 24-hour clock' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Dense mode/ }).count()).toBe(0);
    await ui.screenshot('modern-zulip-display-settings');
    expect(ui.pageErrors).toEqual([]);
  });
});
