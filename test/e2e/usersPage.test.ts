import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startTestHearth } from '../helpers/hearth';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 16, point 5: the Users page. An administrator changes roles,
// deactivates and reactivates people and makes invitation links; a colleague
// pastes a link into the Join form of their own Hearth and is in.

describe('the Users page and joining by invitation', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let owner: RendererPage;
  let newcomer: RendererPage | undefined;

  const users = (page: Page) => page.locator('.users-view');
  const row = (page: Page, name: string) =>
    users(page).locator('tr', { has: page.getByRole('cell', { name, exact: true }) });
  const onServer = async (user: TestUser) =>
    (await org.api(org.owner)('GET', `/users/${user.id}`)).json.user as {
      role: number;
      is_active: boolean;
    };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'kitchen' }],
    });
    owner = await openRendererPage(org, org.owner, { viewport: { width: 1100, height: 900 } });
    await owner.page.getByRole('button', { name: 'Users', exact: true }).click();
    await row(owner.page, 'Alice').waitFor();
  });

  afterAll(async () => {
    await newcomer?.close();
    await owner?.close();
    await org?.close();
  });

  it('lists everyone with their role, and changes a role on the server', async () => {
    const { page } = owner;
    expect(await row(page, 'Hearth Owner (you)').locator('td').nth(2).innerText()).toBe('Owner');
    await page.getByLabel('Role of Bob').selectOption({ label: 'Moderator' });
    await expect.poll(async () => (await onServer(bob)).role).toBe(300);
    await expect.poll(() => page.getByLabel('Role of Bob').inputValue()).toBe('moderator');
    await owner.screenshot('users');
  });

  it('keeps each email address whole, on one line, however narrow the window', async () => {
    const { page } = owner;
    const long = await org.user('anne-marie.dubois');
    await row(page, long.fullName).waitFor();
    for (const width of [1100, 760]) {
      await page.setViewportSize({ width, height: 900 });
      const lines = await users(page)
        .locator('td.email')
        .evaluateAll((cells) =>
          cells.map((cell): [string, number] => {
            const text = document.createRange();
            text.selectNodeContents(cell);
            // One rectangle for each line the address is laid out on.
            const tops = [...text.getClientRects()].map((rect) => Math.round(rect.top));
            return [cell.textContent ?? '', new Set(tops).size];
          }),
        );
      expect(lines.map(([email]) => email)).toContain(long.email);
      expect(
        lines.filter(([, count]) => count !== 1),
        `${width}px`,
      ).toEqual([]);
    }
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  it('deactivates after a second click, and reactivates', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Deactivate Alice' }).click();
    const confirm = page.getByRole('group', { name: 'Confirm deactivation' });
    await confirm.getByRole('button', { name: 'Deactivate Alice' }).click();
    await expect.poll(async () => (await onServer(alice)).is_active).toBe(false);
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(401);
    const deactivated = users(page).getByRole('region', { name: /Deactivated users/ });
    await expect
      .poll(() => deactivated.getByRole('cell', { name: 'Alice', exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: 'Reactivate Alice' }).click();
    await expect.poll(async () => (await onServer(alice)).is_active).toBe(true);
    expect((await org.api(alice)('GET', '/users/me')).status).toBe(200);
  });

  it('makes an invitation link a colleague joins by, as a guest in its stream', async () => {
    const { page } = owner;
    const invitations = users(page).getByRole('region', { name: 'Invitation links' });
    await invitations.getByLabel('Joins as').selectOption({ label: 'Guest' });
    await invitations.getByLabel('Expires after').selectOption({ label: '1 day' });
    await invitations.getByLabel('#kitchen').check();
    await invitations.getByRole('button', { name: 'Create invitation link' }).click();
    const field = invitations.getByLabel('New link');
    await expect.poll(() => field.inputValue()).toMatch(/\/join\/[a-z0-9]{24}\/$/);
    const link = await field.inputValue();
    await expect.poll(() => invitations.locator('table tbody tr').count()).toBe(1);
    await owner.screenshot('users-invitation');

    newcomer = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }));
    const join = newcomer.page;
    await join.getByRole('textbox', { name: 'Server URL or invitation link' }).fill(link);
    await join.getByRole('button', { name: 'Check server' }).click();
    // Not "Your name": the form to host an organization asks that too, until the probe answers.
    await join.getByRole('button', { name: 'Join with this invitation' }).waitFor();
    expect(await join.getByRole('note').first().innerText()).toContain(
      `You are invited to ${org.realmName}`,
    );
    await join.getByRole('textbox', { name: 'Your name' }).fill('Gina Guest');
    await join.getByRole('textbox', { name: 'Email' }).fill('gina@hearth.test');
    await join.getByLabel('Password').fill('a fine password');
    await newcomer.screenshot('join-invitation');
    await join.getByRole('button', { name: 'Join with this invitation' }).click();
    await join.getByRole('button', { name: /# kitchen/ }).waitFor();
    expect(await join.locator('.sidebar .me').innerText()).toBe('Gina Guest');

    const members = (await org.api(bob)('GET', '/users')).json.members as {
      email: string;
      role: number;
    }[];
    expect(members.find((member) => member.email === 'gina@hearth.test')?.role).toBe(600);
    await expect.poll(() => page.getByLabel('Role of Gina Guest').inputValue()).toBe('guest');
  });

  it('opens a hearth:// invitation the OS hands over in the Join form, checked at once', async () => {
    const link = await users(owner.page).getByLabel('New link').inputValue();
    const { host, pathname } = new URL(link);
    const window = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }));
    try {
      await window.page.getByRole('textbox', { name: 'Server URL or invitation link' }).waitFor();
      window.hearth.app.openLink(`hearth://${host}${pathname}`, { fromWindow: false });
      await window.page.getByRole('button', { name: 'Join with this invitation' }).waitFor();
      expect(
        await window.page
          .getByRole('textbox', { name: 'Server URL or invitation link' })
          .inputValue(),
      ).toBe(`hearth://${host}${pathname}`);
      expect(await window.page.getByRole('note').first().innerText()).toContain('You are invited');
    } finally {
      await window.close();
    }
  });

  it('revokes a link, after which it no longer joins anyone', async () => {
    const { page } = owner;
    const invitations = users(page).getByRole('region', { name: 'Invitation links' });
    const link = await invitations.getByLabel('New link').inputValue();
    await invitations.getByRole('button', { name: /^Revoke/ }).click();
    await expect.poll(() => invitations.getByText('No invitation link is open.').count()).toBe(1);
    const key = /\/join\/([a-z0-9]+)\/$/.exec(link)?.[1] ?? '';
    const refused = await org.api()('POST', '/hearth/join', {
      key,
      email: 'late@hearth.test',
      full_name: 'Late',
      password: 'a fine password',
    });
    expect(refused.json.msg).toBe('This invitation link has expired or been revoked.');
    expect(owner.pageErrors).toEqual([]);
    expect(newcomer?.pageErrors).toEqual([]);
  });
});
