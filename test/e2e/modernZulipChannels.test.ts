import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../helpers/doubleClients';

// Issue 34, point 2: as King Hamlet, a member of a Zulip 12 server (the
// documented double), the channel settings open once he administers a
// channel, the compose box says where he may not post, start a topic or
// start a conversation, and the Organization page shows a group it cannot
// offer as it is; each follows the server's changes live.
describe('channel permissions and the compose box on a modern Zulip server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let ui: RendererPage;
  let page: Page;

  const setDenmark = (setting: string, value: unknown) =>
    clients.asAdmin('PATCH', `streams/${double.streams.denmark}`, {
      [setting]: JSON.stringify({ new: value }),
    });
  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const denmarkRow = () =>
    sidebar().locator('.stream-line', { has: page.getByRole('button', { name: '# Denmark' }) });
  const openDenmarkMenu = async () => {
    await denmarkRow().getByRole('button', { name: 'Channel actions' }).click();
    await page.getByRole('menu', { name: 'Channel actions' }).waitFor();
  };
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const send = () => compose().getByRole('button', { name: 'Send' });
  const notice = (text: string | RegExp) => compose().getByRole('status').filter({ hasText: text });
  const dialog = () => page.getByRole('dialog');

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
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

  it('opens a channel’s settings to its administrator, who is no organization administrator', async () => {
    await openDenmarkMenu();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(['Personal settings']);
    await page.keyboard.press('Escape');

    await setDenmark('can_administer_channel_group', {
      direct_members: [double.users.member.id],
      direct_subgroups: [],
    });
    await expect
      .poll(async () => {
        await openDenmarkMenu();
        const items = await page.getByRole('menuitem').allInnerTexts();
        await page.keyboard.press('Escape');
        return items;
      })
      .toEqual(['Personal settings', 'Channel settings…']);
    await openDenmarkMenu();
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    await dialog().getByLabel('Channel name').waitFor();
    expect(await dialog().getByLabel('Who can post').locator('option:checked').innerText()).toBe(
      'Everyone',
    );
    await dialog()
      .getByLabel('Who can post')
      .selectOption({ label: 'Administrators and moderators' });
    await ui.screenshot('modern-channel-settings-channel-admin');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect
      .poll(() => double.org.streams.get(double.streams.denmark)?.can_send_message_group)
      .toBe(double.groups.moderators);
  });

  it('tells him he may not post in a channel whose group he is not in, and keeps Send off', async () => {
    await compose().getByRole('combobox', { name: 'Topic' }).fill('castle');
    await compose().getByRole('textbox', { name: 'Message' }).fill('Who goes there?');
    await notice('You cannot post in this channel').waitFor();
    expect(await send().isDisabled()).toBe(true);
    await ui.screenshot('modern-compose-may-not-post');
    await compose().getByRole('textbox', { name: 'Message' }).press('Enter');
    expect([...double.org.messages.values()].some((m) => m.content === 'Who goes there?')).toBe(
      false,
    );
  });

  it('lets him post again once a group holding him may, and shows that group as it is', async () => {
    // movers holds hamletcharacters, which holds him.
    await setDenmark('can_send_message_group', double.groups.movers);
    await expect.poll(() => notice('You cannot post in this channel').count()).toBe(0);
    expect(await send().isDisabled()).toBe(false);

    await openDenmarkMenu();
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    const posting = dialog().getByLabel('Who can post');
    await posting.waitFor();
    expect(await posting.locator('option:checked').innerText()).toBe('Custom: movers');
    await ui.screenshot('modern-channel-settings-custom-group');
    // Saving another change leaves the group as it is.
    await dialog().getByLabel('Description').fill('Elsinore');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect
      .poll(() => double.org.streams.get(double.streams.denmark)?.description)
      .toBe('Elsinore');
    expect(double.org.streams.get(double.streams.denmark)?.can_send_message_group).toBe(
      double.groups.movers,
    );
  });

  it('tells him he may only post in existing topics where he may not start one', async () => {
    await setDenmark('can_create_topic_group', double.groups.moderators);
    const topic = compose().getByRole('combobox', { name: 'Topic' });
    await topic.fill('a new rumour');
    await notice('Only some people may start topics in this channel').waitFor();
    expect(await send().isDisabled()).toBe(true);
    await ui.screenshot('modern-compose-new-topic');
    await topic.fill('castle');
    await expect.poll(() => notice('Only some people may start topics').count()).toBe(0);
    await send().click();
    await expect
      .poll(() =>
        [...double.org.messages.values()].some((message) => message.content === 'Who goes there?'),
      )
      .toBe(true);
  });

  it('offers @all in a channel of few subscribers, as Zulip does, though the organization reserves it', async () => {
    const message = compose().getByRole('textbox', { name: 'Message' });
    await message.fill('@al');
    const suggestions = page.getByRole('listbox');
    await suggestions.getByRole('option', { name: /^all/ }).waitFor();
    await message.fill('');
  });

  it('warns before a direct message to a guest, as the organization asks', async () => {
    await compose().getByRole('button', { name: 'Direct message' }).click();
    const recipients = compose().getByRole('combobox', { name: 'To' });
    await recipients.fill('Polonius');
    await recipients.press('Enter');
    await notice(/Polonius.* is a guest in this organization\./).waitFor();
    await ui.screenshot('modern-compose-guest-warning');
  });

  it('lets him answer a conversation but not start one where the organization says so', async () => {
    await clients.asAdmin('PATCH', 'realm', {
      direct_message_initiator_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await compose()
      .getByRole('button', { name: /^Remove/ })
      .click();
    const recipients = compose().getByRole('combobox', { name: 'To' });
    await recipients.fill('Desdemona');
    await recipients.press('Enter');
    await compose().getByRole('textbox', { name: 'Message' }).fill('My lady');
    await notice('not start a conversation').waitFor();
    expect(await send().isDisabled()).toBe(true);
    await ui.screenshot('modern-compose-dm-not-started');
    // Cordelia wrote to him before.
    await compose()
      .getByRole('button', { name: /^Remove/ })
      .click();
    await recipients.fill('Cordelia');
    await recipients.press('Enter');
    await expect.poll(() => notice('not start a conversation').count()).toBe(0);
    expect(await send().isDisabled()).toBe(false);
  });

  it('shows on the Organization page a group none of its choices names', async () => {
    await clients.asAdmin('PATCH', 'realm', {
      can_delete_own_message_group: JSON.stringify({
        new: {
          direct_members: [double.users.member2.id],
          direct_subgroups: [double.groups.movers],
        },
      }),
    });
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Organization' }).click();
    const select = page.getByLabel('Who can delete their own messages');
    await expect
      .poll(() => select.locator('option:checked').innerText())
      .toBe("Custom: Cordelia, Lear's daughter, movers");
    await ui.screenshot('modern-organization-custom-group');
  });

  it('offers in the Create form only the kinds of channel the organization lets him create, live', async () => {
    await clients.asAdmin('PATCH', 'realm', {
      can_create_public_channel_group: JSON.stringify({ new: double.groups.movers }),
      can_create_private_channel_group: JSON.stringify({ new: double.groups.administrators }),
    });
    await sidebar().getByRole('button', { name: 'Browse channels' }).click();
    const form = page.getByRole('form', { name: 'Create a channel' });
    const choices = () =>
      form
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => radio.parentElement?.textContent?.trim()));
    // Hamlet holds "movers" through its subgroup hamletcharacters.
    await expect.poll(choices).toEqual(['Public: anyone in the organization']);

    await clients.asAdmin('PATCH', 'realm', {
      can_create_private_channel_group: JSON.stringify({
        new: { direct_members: [double.users.member.id], direct_subgroups: [] },
      }),
    });
    await expect
      .poll(choices)
      .toEqual(['Public: anyone in the organization', 'Private: only people added to it']);
    await form.getByLabel('Channel name').fill('Elsinore');
    await form.getByLabel('Private: only people added to it').check();
    await form.getByRole('button', { name: 'Create channel' }).click();
    await sidebar().getByRole('button', { name: '# Elsinore' }).waitFor();
    const created = (await clients.raw(double.users.member)('GET', '/users/me/subscriptions')).json
      .subscriptions as {
      name: string;
      invite_only: boolean;
    }[];
    expect(created.find((stream) => stream.name === 'Elsinore')?.invite_only).toBe(true);

    await clients.asAdmin('PATCH', 'realm', {
      can_create_public_channel_group: JSON.stringify({ new: double.groups.moderators }),
      can_create_private_channel_group: JSON.stringify({ new: double.groups.moderators }),
    });
    await expect.poll(() => form.count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });
});
