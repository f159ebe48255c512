import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinedThroughForm, type RendererPage } from '../helpers/rendererPage';
import { startZulipDouble, type ZulipDouble } from '../helpers/zulipDouble';
import { clientsOf, type DoubleClients } from '../helpers/doubleClients';

// Issue 34, point 2: as King Hamlet, a member of a Zulip 12 server (the
// documented double), the Groups page and the Bots view offer exactly what
// the organization and each group's own settings let him do, and follow
// their changes live.
describe('the Groups page and the Bots view on a modern Zulip server', () => {
  let double: ZulipDouble;
  let clients: DoubleClients;
  let ui: RendererPage;
  let page: Page;

  const card = (name: string) =>
    page.getByRole('region', { name, exact: true }).filter({ has: page.getByRole('list') });
  // Each button by the name a screen reader gives it.
  const buttonsOf = (name: string) =>
    card(name)
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim()),
      );

  beforeAll(async () => {
    double = await startZulipDouble({ heartbeatMs: 2_000 });
    clients = clientsOf(double);
    ui = await joinedThroughForm(double.url, double.users.member, {
      viewport: { width: 1100, height: 800 },
    });
    page = ui.page;
    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await page.getByRole('heading', { name: /^Groups \(/ }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await double?.close();
  });

  it('offers on each group only what its settings let a member do', async () => {
    await card('movers').waitFor();
    // Everyone may leave hamletcharacters, which only Iago manages.
    expect(await buttonsOf('hamletcharacters')).toEqual(['Leave hamletcharacters']);
    // Hamlet is in movers only through hamletcharacters, and no one may join it.
    expect(await buttonsOf('movers')).toEqual([]);
    expect(await page.getByLabel(/^Add a member to/).count()).toBe(0);
    // Every member may create groups.
    await page.getByRole('region', { name: 'New group' }).waitFor();
    await expect.poll(() => page.getByText('Connecting…').count()).toBe(0);
    await ui.screenshot('modern-groups-member');
  });

  it('marks the guest among the people to pick for a new group, as the organization asks', async () => {
    const members = page.getByRole('region', { name: 'New group' }).getByRole('group', {
      name: 'Members',
    });
    await members.getByRole('checkbox', { name: 'Polonius (guest)', exact: true }).waitFor();
    expect(await members.getByRole('checkbox', { name: 'Iago', exact: true }).count()).toBe(1);
    expect(await members.getByText('(guest)').count()).toBe(1);
    await ui.screenshot('modern-groups-guest-marked');
  });

  it('offers managing every group once a group holding him may, live, and the server accepts it', async () => {
    await clients.asAdmin('PATCH', 'realm', {
      can_manage_all_groups: JSON.stringify({ new: double.groups.movers }),
    });
    await card('movers').getByRole('button', { name: 'Edit movers' }).waitFor();
    expect(await buttonsOf('hamletcharacters')).toEqual([
      'Leave hamletcharacters',
      'Edit hamletcharacters',
      'Remove King Hamlet',
      'Add',
      // The role groups (`role:…`) may go inside it.
      'Add group',
      'Delete group',
    ]);
    const movers = card('movers');
    await movers
      .getByLabel('Add a member to movers')
      .selectOption({ label: "Cordelia, Lear's daughter" });
    await movers.getByRole('button', { name: 'Add', exact: true }).click();
    await movers.getByRole('button', { name: "Remove Cordelia, Lear's daughter" }).waitFor();
    expect(double.org.groups.get(double.groups.movers)?.members).toContain(double.users.member2.id);
    await ui.screenshot('modern-groups-manager');
  });

  it('withdraws the offers live once he leaves the group that held him', async () => {
    await clients.asAdmin('POST', `user_groups/${double.groups.hamletCharacters}/members`, {
      delete: JSON.stringify([double.users.member.id]),
    });
    await expect.poll(() => buttonsOf('movers')).toEqual([]);
    expect(await buttonsOf('hamletcharacters')).toEqual([]);
  });

  it('offers only the kinds of bot the organization lets him create, live', async () => {
    await page.getByRole('button', { name: 'Bots', exact: true }).click();
    const form = page.getByRole('form', { name: 'New bot' });
    await form.getByLabel('Bot type').waitFor();

    await clients.asAdmin('PATCH', 'realm', {
      can_create_bots_group: JSON.stringify({ new: double.groups.administrators }),
    });
    await expect.poll(() => form.getByLabel('Bot type').count()).toBe(0);
    await form.getByText('only incoming webhook bots').waitFor();
    await ui.screenshot('modern-bots-webhook-only');

    await clients.asAdmin('PATCH', 'realm', {
      can_create_write_only_bots_group: JSON.stringify({ new: double.groups.nobody }),
    });
    await page.getByText('The organization does not let you create bots.').waitFor();
    expect(await form.count()).toBe(0);
  });
});
