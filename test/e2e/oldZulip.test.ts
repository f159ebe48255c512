import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../helpers/doubleClients';

// Issue 52, point 7: what the window shows and offers a member of a Zulip 7.0
// organization (the double in its 7.0 mode), the old side of the changes the
// Zulip 12 tests see from the new one: the role policies (the Organization
// page, who may post in a channel), the badge's three choices (227), no
// followed-topic notifications (189), and dense mode, which 7.0 has (364).
describe('the window against a Zulip 7.0 server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let ui: RendererPage;
  let page: Page;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const section = (name: string) => page.getByRole('region', { name });
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const organization = () => page.getByRole('tabpanel', { name: 'Organization' });

  beforeAll(async () => {
    double = await startZulipDouble({ zulipVersion: '7.0', heartbeatMs: 2_000 });
    clients = clientsOf(double);
    await clients
      .apiFor(double.users.member2)
      .sendStreamMessage({ stream: 'Denmark', topic: 'castle', content: 'The ghost walks' });
    ui = await joinedThroughForm(double.url, double.users.member, {
      viewport: { width: 1100, height: 760 },
    });
    page = ui.page;
    await sidebar().getByRole('button', { name: '# Denmark' }).click();
  });

  afterAll(async () => {
    await ui?.close();
    await double?.close();
  });

  it('tells him he may not post where the channel’s stream_post_policy leaves him out, live', async () => {
    await compose().getByRole('combobox', { name: 'Topic' }).fill('castle');
    await compose().getByRole('textbox', { name: 'Message' }).fill('Who goes there?');
    await clients.asAdmin('PATCH', `streams/${double.streams.denmark}`, { stream_post_policy: 2 });
    const notice = compose()
      .getByRole('status')
      .filter({ hasText: 'You cannot post in this channel' });
    await notice.waitFor();
    expect(await compose().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await ui.screenshot('old-zulip-compose-may-not-post');
    await clients.asAdmin('PATCH', `streams/${double.streams.denmark}`, { stream_post_policy: 1 });
    await expect.poll(() => notice.count()).toBe(0);
    expect(await compose().getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
  });

  it('shows the organization’s role policies, and follows a change made elsewhere', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Organization' }).click();
    const deleting = organization().getByLabel('Who can delete their own messages');
    await expect
      .poll(() => deleting.locator('option:checked').innerText())
      .toBe('Everyone, guests included');
    expect(await deleting.isDisabled()).toBe(true);
    await clients.asAdmin('PATCH', 'realm', {
      invite_to_realm_policy: 2,
      delete_own_message_policy: 2,
    });
    await expect
      .poll(() =>
        organization().getByLabel('Who can invite people').locator('option:checked').innerText(),
      )
      .toBe('Administrators only');
    await expect
      .poll(() => deleting.locator('option:checked').innerText())
      .toBe('Administrators only');
    await ui.screenshot('old-zulip-organization-settings');
  });

  it('offers the badge’s three choices as 7.0 numbers them, and no followed-topic notifications', async () => {
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const badge = section('Other').getByLabel('Unread count on the app icon');
    await badge.waitFor();
    expect(
      await badge
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).toEqual(['1', '2', '3']);
    expect(await section('Followed topics').count()).toBe(0);
  });

  it('offers dense mode, which 7.0 has', async () => {
    await page.getByRole('tab', { name: 'Display' }).click();
    const dense = page.getByRole('checkbox', { name: /^Dense mode/ });
    await dense.waitFor();
    expect(await dense.isChecked()).toBe(true);
    await dense.uncheck();
    await expect.poll(() => double.org.settingsOf(double.users.member.id).dense_mode).toBe(false);
    // The feed gets more room, as it did against a Hearth host before it declared Zulip 12.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('spacious-feed')))
      .toBe(true);
    expect(ui.pageErrors).toEqual([]);
  });
});
