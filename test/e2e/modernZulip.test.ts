import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseMessageAction, feedMessage } from '../helpers/feedActions';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../helpers/doubleClients';

// Issue 34, point 7: a new user joins a Zulip 12 server (the documented
// double) in the window, reads a channel's general chat, gets a live message
// there, writes to it, and moves a message as a member the organization allows.
describe('Hearth against a modern Zulip server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let ui: RendererPage;
  let page: Page;
  let castleId: number;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const compose = () => page.getByRole('form', { name: 'Compose' });
  const onServer = (id: number) => double.org.messages.get(id);

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
    clients = clientsOf(double);
    // Members of "movers" (Hamlet, through the group nested in it) may move messages between channels.
    await clients.asAdmin('PATCH', 'realm', {
      can_move_messages_between_channels_group: JSON.stringify({ new: double.groups.movers }),
    });
    const cordelia = clients.apiFor(double.users.member2);
    await cordelia.sendStreamMessage({ stream: 'Denmark', topic: '', content: 'Chess tonight?' });
    castleId = await cordelia.sendStreamMessage({
      stream: 'Denmark',
      topic: 'castle',
      content: 'The ghost walks at midnight',
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

  it('shows a channel’s general chat as Zulip names it, live', async () => {
    await sidebar().getByRole('button', { name: '# Denmark' }).click();
    await feedMessage(page, 'Chess tonight?').waitFor();
    const bar = page.getByRole('button', { name: 'Go to topic general chat' }).first();
    await bar.waitFor();
    expect(await bar.locator('.empty-topic').textContent()).toBe('general chat');
    await clients.apiFor(double.users.member2).sendStreamMessage({
      stream: 'Denmark',
      topic: '',
      content: 'Bring the board',
    });
    await feedMessage(page, 'Bring the board').waitFor();
    await sidebar().getByRole('button', { name: 'general chat' }).waitFor();
    await ui.screenshot('modern-zulip-general-chat');
  });

  it('sends to general chat without a topic where the channel allows it', async () => {
    await compose().getByRole('textbox', { name: 'Message' }).click();
    const topic = compose().getByRole('combobox', { name: 'Topic' });
    await topic.fill('');
    expect(await topic.getAttribute('placeholder')).toBe('general chat');
    await compose().getByRole('textbox', { name: 'Message' }).fill('I will bring the clock');
    await compose().getByRole('button', { name: 'Send' }).click();
    await feedMessage(page, 'I will bring the clock').waitFor();
    await expect
      .poll(() =>
        [...double.org.messages.values()].find((each) => each.content.includes('bring the clock')),
      )
      .toMatchObject({ topic: '' });
  });

  it('lists general chat in Recent conversations, and not the archived channel’s topics', async () => {
    await sidebar().getByRole('button', { name: 'Recent conversations' }).click();
    const rows = page.getByRole('region', { name: 'Recent conversations' }).locator('tbody tr');
    const general = rows
      .filter({ hasText: 'Denmark' })
      .filter({ has: page.locator('.empty-topic') });
    await general.waitFor();
    expect(await general.locator('.empty-topic').textContent()).toBe('general chat');
    expect(await rows.filter({ hasText: 'Rome' }).count()).toBe(0);
    await sidebar().getByRole('button', { name: '# Denmark' }).click();
  });

  it('moves a message to another channel as a member the organization allows', async () => {
    await chooseMessageAction(page, 'The ghost walks at midnight', 'Move message…');
    const form = page.getByRole('dialog');
    await form.getByLabel('Channel', { exact: true }).selectOption({ label: '#Scotland' });
    await ui.screenshot('modern-zulip-move');
    await form.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => onServer(castleId)?.streamId).toBe(double.streams.scotland);
    expect(ui.pageErrors).toEqual([]);
  });
});
