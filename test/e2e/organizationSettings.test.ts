import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { solidPng } from '../helpers/uploads';

// Issue 16, point 7: administrators change the organization's settings from
// the window (Zulip's PATCH /realm and default streams); every other member
// sees them, read-only, and the window follows the server's realm events.

const realmState = async (org: Org, user: TestUser) =>
  (
    await org.api(user)('POST', '/register', {
      fetch_event_types: ['realm', 'default_streams'],
    })
  ).json as Record<string, unknown>;

const streamIdOf = async (org: Org, name: string) =>
  (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;

describe('the organization settings page', () => {
  let org: Org;
  let alice: TestUser;
  let owner: RendererPage;
  let member: RendererPage;

  const panel = (page: Page) => page.getByRole('tabpanel', { name: 'Organization' });
  const open = async (ui: RendererPage) => {
    await ui.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await ui.page.getByRole('tab', { name: 'Organization' }).click();
    await panel(ui.page).getByLabel('Organization name').waitFor();
  };
  const realmLabel = (page: Page) => page.locator('.sidebar .realm').innerText();

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    await org.subscribe(alice, 'general');
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'welcome' }, { name: 'board-room' }],
    });
    await org.api(org.owner)('POST', '/users/me/subscriptions', {
      subscriptions: [{ name: 'payroll' }],
      invite_only: true,
    });
    owner = await openRendererPage(org, org.owner, { viewport: { width: 1100, height: 900 } });
    member = await openRendererPage(org, alice, { viewport: { width: 1100, height: 900 } });
    await open(owner);
    await open(member);
  });

  afterAll(async () => {
    await owner?.close();
    await member?.close();
    await org?.close();
  });

  it("shows an administrator the organization's settings to change, public streams only", async () => {
    const page = panel(owner.page);
    expect(await page.getByLabel('Organization name').isEditable()).toBe(true);
    expect(await page.getByLabel('Time to edit a message').inputValue()).toBe('600');
    expect(
      await page
        .getByLabel('Who can delete their own messages')
        .locator('option:checked')
        .innerText(),
    ).toBe('Administrators only');
    const defaults = page.getByRole('group', { name: /Default channels/ });
    expect(await defaults.getByRole('checkbox').evaluateAll((boxes) => boxes.length)).toBe(3);
    expect(await defaults.getByLabel('#general').isChecked()).toBe(true);
    expect(await defaults.getByLabel('#payroll').count()).toBe(0);
    await owner.screenshot('settings-organization');
  });

  // Every event brings the page anew (here a direct message to the administrator).
  it('keeps what the administrator typed while events come in', async () => {
    const name = panel(owner.page).getByLabel('Organization name');
    const typed = await name.inputValue();
    await name.fill('Riverside in typing');
    await org.api(alice)('POST', '/messages', {
      type: 'private',
      to: JSON.stringify([org.owner.id]),
      content: 'A question for the owner',
    });
    await owner.page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('list', { name: 'Direct messages' })
      .getByRole('button', { name: /Alice/ })
      .waitFor();
    expect(await name.inputValue()).toBe('Riverside in typing');
    await name.fill(typed);
  });

  it('renames the organization everywhere the window names it, for every member', async () => {
    const page = panel(owner.page);
    await page.getByLabel('Organization name').fill('Riverside Office');
    await page.getByLabel('Description').fill('Where the **river** team talks');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await realmState(org, alice)).realm_name)
      .toBe('Riverside Office');
    expect((await realmState(org, alice)).realm_description).toBe('Where the **river** team talks');
    await expect.poll(() => realmLabel(owner.page)).toBe('Riverside Office');
    await expect.poll(() => realmLabel(member.page)).toBe('Riverside Office');
    // The account switcher names it too, with the icon the host now draws from the new name.
    const switcher = member.page.getByRole('button', { name: 'Riverside Office', exact: true });
    await expect.poll(() => switcher.count()).toBe(1);
    const iconText = async () => {
      const src = (await switcher.locator('img').getAttribute('src')) ?? '';
      const svg = Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64');
      return /<text[^>]*>([^<]*)<\/text>/.exec(svg.toString('utf8'))?.[1];
    };
    await expect.poll(iconText).toBe('RO');
    await expect
      .poll(() => panel(member.page).getByLabel('Organization name').inputValue())
      .toBe('Riverside Office');
  });

  it('changes the editing and deleting rules, "Any time" being no limit', async () => {
    const page = panel(owner.page);
    await page.getByLabel('Time to edit a message').selectOption({ label: 'Any time' });
    await page.getByLabel('Who can delete their own messages').selectOption({
      label: 'Administrators, moderators and members',
    });
    await page
      .getByLabel("Time to delete one's own message (administrators have no limit)")
      .selectOption({ label: '1 hour' });
    await expect
      .poll(async () => {
        const state = await realmState(org, alice);
        return [
          state.realm_message_content_edit_limit_seconds,
          state.realm_delete_own_message_policy,
          state.realm_message_content_delete_limit_seconds,
        ];
      })
      .toEqual([null, 1, 3600]);
    await expect
      .poll(() => panel(member.page).getByLabel('Time to edit a message').inputValue())
      .toBe('0');
  });

  it('makes streams default and picks where new streams are announced', async () => {
    const page = panel(owner.page);
    const defaults = page.getByRole('group', { name: /Default channels/ });
    await defaults.getByLabel('#welcome').check();
    await defaults.getByLabel('#general').uncheck();
    await page.getByLabel('Announce new channels in').selectOption({ label: '#board-room' });
    await expect
      .poll(async () => {
        // Zulip 12's names: default channels by ID (feature level 330), and
        // the announcement channel's new name (241).
        const state = await realmState(org, alice);
        return [state.realm_default_streams, state.realm_new_stream_announcements_stream_id];
      })
      .toEqual([[await streamIdOf(org, 'welcome')], expect.any(Number)]);
    await expect.poll(() => defaults.getByLabel('#welcome').isChecked()).toBe(true);
    expect(await defaults.getByLabel('#general').isChecked()).toBe(false);
    const carol = await org.user('carol');
    const joined = (await org.api(carol)('GET', '/users/me/subscriptions')).json.subscriptions as {
      name: string;
    }[];
    expect(joined.map((sub) => sub.name)).toEqual(['welcome']);
  });

  it('shows a member the same settings, read-only, and offers no Save', async () => {
    const page = panel(member.page);
    expect(
      await page.getByText("Only the organization's administrators change these settings.").count(),
    ).toBe(1);
    expect(await page.getByLabel('Organization name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Who can invite people').isDisabled()).toBe(true);
    expect(await page.getByLabel('#welcome').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await member.screenshot('settings-organization-member');
    expect(owner.pageErrors).toEqual([]);
    expect(member.pageErrors).toEqual([]);
  });

  it('uploads an icon every member then sees, and goes back to the default one', async () => {
    const page = panel(owner.page);
    await page.getByLabel('Upload an icon…').setInputFiles({
      name: 'river.png',
      mimeType: 'image/png',
      buffer: solidPng(64, [32, 120, 200]),
    });
    await expect.poll(async () => (await realmState(org, alice)).realm_icon_source).toBe('U');
    const switcherIcon = member.page
      .getByRole('button', { name: 'Riverside Office', exact: true })
      .locator('img');
    await expect.poll(() => switcherIcon.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => panel(member.page).locator('.organization-icon img').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    await owner.screenshot('settings-organization-icon');
    await page.getByRole('button', { name: 'Use the default icon' }).click();
    await expect.poll(async () => (await realmState(org, alice)).realm_icon_source).toBe('G');
    await expect.poll(() => switcherIcon.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  });

  it('follows a change made elsewhere, on both pages', async () => {
    await org.api(org.owner)('PATCH', '/realm', {
      invite_to_realm_policy: 2,
      allow_message_editing: false,
    });
    for (const ui of [owner, member]) {
      await expect
        .poll(() =>
          panel(ui.page).getByLabel('Who can invite people').locator('option:checked').innerText(),
        )
        .toBe('Administrators only');
      expect(await panel(ui.page).getByLabel('Let people edit their messages').isChecked()).toBe(
        false,
      );
    }
    expect(await panel(owner.page).getByLabel('Time to edit a message').isDisabled()).toBe(true);
  });
});
