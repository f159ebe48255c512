import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 17, point 4: people make user groups from the window, change their
// names and members and delete them; a guest reads them only.

describe('the user groups page', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let gus: TestUser;
  let ui: RendererPage;
  let guest: RendererPage;
  let page: Page;

  const groupCard = (name: string) =>
    page.getByRole('region', { name, exact: true }).filter({ has: page.getByRole('list') });
  const serverGroups = async () =>
    (
      (await org.api(alice)('GET', '/user_groups')).json.user_groups as {
        name: string;
        description: string;
        members: number[];
        is_system_group: boolean;
      }[]
    ).filter((group) => !group.is_system_group);
  const openGroups = async (window: RendererPage) => {
    await window.page.getByRole('button', { name: 'Groups', exact: true }).click();
    await window.page.getByRole('heading', { name: /^Groups \(/ }).waitFor();
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    carol = await org.user('carol');
    gus = await org.user('gus');
    await org.api(org.owner)('PATCH', `/users/${gus.id}`, { role: 600 });
    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 900 } });
    guest = await openRendererPage(org, gus, { viewport: { width: 1100, height: 700 } });
    page = ui.page;
    await openGroups(ui);
  });

  afterAll(async () => {
    await ui?.close();
    await guest?.close();
    await org?.close();
  });

  it('creates a group with the members picked', async () => {
    const form = page.getByRole('region', { name: 'New group' });
    await form.getByLabel('Group name').fill('Support');
    await form.getByLabel('Description', { exact: true }).fill('Answers questions');
    const members = form.getByRole('group', { name: 'Members' });
    await members.getByLabel('Find people').fill('b');
    await members.getByRole('checkbox', { name: 'Bob' }).check();
    await members.getByLabel('Find people').fill('');
    await members.getByRole('checkbox', { name: 'Carol' }).check();
    await form.getByRole('button', { name: 'Create group' }).click();

    const card = groupCard('Support');
    await card.waitFor();
    await expect
      .poll(() => card.getByRole('list', { name: 'Members of Support' }).innerText())
      .toMatch(/Bob[\s\S]*Carol/);
    expect(await form.getByLabel('Group name').inputValue()).toBe('');
    expect(await serverGroups()).toEqual([
      expect.objectContaining({
        name: 'Support',
        description: 'Answers questions',
        members: [bob.id, carol.id].sort((a, b) => a - b),
      }),
    ]);
    await ui.screenshot('user-groups');
    expect(await seriousViolationsInBothThemes(page, 'user groups')).toEqual([]);
  });

  it("shows the server's reason when it refuses a name", async () => {
    const form = page.getByRole('region', { name: 'New group' });
    await form.getByLabel('Group name').fill('role:friends');
    await form.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(
      "User group name cannot start with 'role:'.",
    );
    await form.getByLabel('Group name').fill('');
  });

  it('renames and describes a group', async () => {
    await page.getByRole('button', { name: 'Edit Support' }).click();
    const edit = page.getByRole('form', { name: 'Edit Support' });
    await edit.getByLabel('Group name').fill('Helpdesk');
    await edit.getByLabel('Description').fill('First line');
    await edit.getByRole('button', { name: 'Save' }).click();
    const card = groupCard('Helpdesk');
    await card.getByText('First line').waitFor();
    await expect.poll(async () => (await serverGroups())[0]?.name).toBe('Helpdesk');
  });

  it('adds a member and removes another', async () => {
    const card = groupCard('Helpdesk');
    await card.getByLabel('Add a member to Helpdesk').selectOption({ label: 'Alice' });
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByRole('button', { name: 'Remove Alice' }).waitFor();
    await card.getByRole('button', { name: 'Remove Bob' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Remove Bob' }).count()).toBe(0);
    await expect
      .poll(async () => (await serverGroups())[0]?.members)
      .toEqual([alice.id, carol.id].sort((a, b) => a - b));
  });

  it('leaves a group and joins it again', async () => {
    const card = groupCard('Helpdesk');
    await card.getByRole('button', { name: 'Leave Helpdesk' }).click();
    await card.getByRole('button', { name: 'Join Helpdesk' }).waitFor();
    expect((await serverGroups())[0]?.members).toEqual([carol.id]);
    await card.getByRole('button', { name: 'Join Helpdesk' }).click();
    await card.getByRole('button', { name: 'Leave Helpdesk' }).waitFor();
    expect((await serverGroups())[0]?.members).toEqual([alice.id, carol.id].sort((a, b) => a - b));
  });

  it('completes @*Helpdesk* in the compose box, and the message mentions the group', async () => {
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: '# general' })
      .click();
    const compose = page.getByRole('form', { name: 'Compose' });
    await compose.getByRole('combobox', { name: 'Topic' }).fill('rota');
    const text = compose.getByRole('textbox', { name: 'Message' });
    await text.pressSequentially('Ask @help');
    await expect
      .poll(() => compose.getByRole('listbox').getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining('Helpdesk')]);
    await ui.screenshot('user-group-mention-completion');
    await text.press('Enter');
    await expect.poll(() => text.inputValue()).toBe('Ask @*Helpdesk* ');
    await text.press('Control+Enter');
    await page.locator('.message .user-group-mention', { hasText: 'Helpdesk' }).waitFor();
    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    await groupCard('Helpdesk').waitFor();
  });

  it('puts groups inside a group, offering none that would hold it, and takes one out', async () => {
    const night = (
      await org.api(bob)('POST', '/user_groups/create', {
        name: 'Night shift',
        description: '',
        members: [bob.id],
      })
    ).json.group_id as number;
    const card = groupCard('Helpdesk');
    const nest = card.getByLabel('Add a group to Helpdesk');
    await nest.selectOption({ label: 'Night shift' });
    await card.getByRole('button', { name: 'Add group' }).click();
    const inside = card.getByRole('list', { name: 'Groups inside Helpdesk' });
    await inside.getByText('Night shift').waitFor();
    await nest.selectOption({ label: 'Administrators' });
    await card.getByRole('button', { name: 'Add group' }).click();
    await expect.poll(() => inside.innerText()).toMatch(/Administrators[\s\S]*Night shift/);
    const helpdesk = async () =>
      (await serverGroups()).find((group) => group.name === 'Helpdesk') as unknown as {
        direct_subgroup_ids: number[];
      };
    expect((await helpdesk()).direct_subgroup_ids).toEqual([2, night]);
    // Helpdesk holds Night shift, so Night shift may not hold Helpdesk.
    const nightChoices = await groupCard('Night shift')
      .getByLabel('Add a group to Night shift')
      .locator('option')
      .allInnerTexts();
    expect(nightChoices).not.toContain('Helpdesk');
    expect(nightChoices).toContain('Moderators');
    await card.scrollIntoViewIfNeeded();
    await ui.screenshot('user-groups-subgroups');

    await inside.getByRole('button', { name: 'Take Administrators out' }).click();
    await expect.poll(async () => (await helpdesk()).direct_subgroup_ids).toEqual([night]);
    // Zulip 12 deactivates a group rather than deleting it (feature level 294),
    // once no group holds it.
    const helpdeskId = (
      (await serverGroups()).find((group) => group.name === 'Helpdesk') as unknown as {
        id: number;
      }
    ).id;
    await org.api(bob)('POST', `/user_groups/${helpdeskId}/subgroups`, { delete: [night] });
    await org.api(bob)('POST', `/user_groups/${night}/deactivate`);
    await expect.poll(() => inside.count()).toBe(0);
  });

  it('shows a guest the groups without a way to change them', async () => {
    await openGroups(guest);
    const card = guest.page.getByRole('region', { name: 'Helpdesk', exact: true });
    await card.getByText('First line').waitFor();
    expect(await guest.page.getByRole('region', { name: 'New group' }).count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: 'Delete group' }).count()).toBe(0);
    await guest.screenshot('user-groups-guest');
    expect(await seriousViolationsInBothThemes(guest.page, 'user groups, read-only')).toEqual([]);
  });

  it('deletes a group after confirmation', async () => {
    const card = groupCard('Helpdesk');
    await card.getByRole('button', { name: 'Delete group' }).click();
    const confirm = card.getByRole('group', { name: 'Delete Helpdesk?' });
    await ui.screenshot('user-groups-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await serverGroups()).toHaveLength(1);
    await card.getByRole('button', { name: 'Delete group' }).click();
    await card.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('There are no groups yet.').waitFor();
    expect(await serverGroups()).toEqual([]);
    await guest.page.getByText('There are no groups yet.').waitFor();
  });
});
