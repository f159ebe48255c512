import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import type { RendererPage } from '../helpers/rendererPage';
import { restartableWindow } from '../helpers/restartableWindow';
import { postFiles, solidPng } from '../helpers/uploads';

// Issue 17, point 2: the organization's own emoji from the window. Alice adds
// one with its picture, sees the server's refusal in its words, uses it in a
// message and sees the picture there, sees Bob's appear live, removes hers;
// restarted while the server is down, her app still lists them.

const parrot = solidPng(32, [46, 160, 90]);
const shipit = solidPng(32, [210, 120, 40]);

describe('the custom emoji page', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let app: ReturnType<typeof restartableWindow>;
  let ui: RendererPage;

  const list = (page: Page) => page.getByRole('region', { name: /^The organization's emoji/ });
  const row = (page: Page, name: string) =>
    list(page)
      .getByRole('listitem')
      .filter({ hasText: `:${name}:` });
  const form = (page: Page) => page.getByRole('region', { name: 'Add an emoji' });
  const openPage = async (page: Page) => {
    await page.getByRole('button', { name: 'Custom emoji', exact: true }).click();
    await list(page).waitFor();
  };
  const serverEmoji = async () =>
    Object.values(
      (await org.api(alice)('GET', '/realm/emoji')).json.emoji as Record<
        string,
        { name: string; deactivated: boolean }
      >,
    );

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.subscribe(alice, 'kitchen');
    app = restartableWindow(org, alice, { viewport: { width: 1100, height: 800 } });
    ui = await app.open();
    await openPage(ui.page);
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
    await app?.removeProfile();
  });

  it('adds an emoji with its picture, previewed first, and lists it with its author', async () => {
    const { page } = ui;
    expect(await list(page).getByText('There are no custom emoji yet.').count()).toBe(1);
    await form(page).getByLabel('Emoji name').fill('party_parrot');
    await form(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'parrot.png', mimeType: 'image/png', buffer: parrot });
    const preview = form(page).getByRole('img', { name: 'Preview of :party_parrot:' });
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await form(page).getByRole('button', { name: 'Add emoji' }).click();

    const added = row(page, 'party_parrot');
    await added.getByText('Added by Alice').waitFor();
    await expect
      .poll(() => added.getByRole('img', { name: ':party_parrot:' }).getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    expect(await form(page).getByLabel('Emoji name').inputValue()).toBe('');
    expect(await serverEmoji()).toEqual([
      expect.objectContaining({ name: 'party_parrot', deactivated: false }),
    ]);
  });

  it("shows the server's refusal in its words", async () => {
    const { page } = ui;
    await form(page).getByLabel('Emoji name').fill('parrot_');
    await form(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'parrot.png', mimeType: 'image/png', buffer: parrot });
    await form(page).getByRole('button', { name: 'Add emoji' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(
      'Emoji names must end with either a letter or digit.',
    );
    await form(page).getByLabel('Emoji name').fill('party_parrot');
    await form(page).getByRole('button', { name: 'Add emoji' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('A custom emoji with this name already exists.');
    // Editing the name again puts the refusal away.
    await form(page).getByLabel('Emoji name').fill('');
    await page.getByRole('alert').waitFor({ state: 'detached' });
  });

  it("follows the server: Bob's emoji appears at once, without a Remove for Alice", async () => {
    const { page } = ui;
    const answer = await postFiles(org, bob, 'POST', '/realm/emoji/shipit', [
      { name: 'file', data: shipit },
    ]);
    expect(answer.status).toBe(200);
    const bobs = row(page, 'shipit');
    await bobs.getByText('Added by Bob').waitFor();
    expect(await bobs.getByRole('button').count()).toBe(0);
    await expect
      .poll(() => bobs.getByRole('img', { name: ':shipit:' }).getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    await ui.screenshot('custom-emoji');
    expect(await seriousViolationsInBothThemes(page, 'custom emoji')).toEqual([]);
  });

  it('sends :party_parrot: and shows its picture in the feed', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: '# kitchen' }).click();
    await page.getByRole('combobox', { name: 'Topic' }).fill('baking');
    const field = page.getByRole('textbox', { name: 'Message', exact: true });
    await field.fill('Cake is ready :party_parrot: :shipit:');
    await page.getByRole('button', { name: 'Send' }).click();
    const message = page.locator('.message', { hasText: 'Cake is ready' });
    const emoji = message.locator('.message-content img.emoji[alt=":party_parrot:"]');
    await expect.poll(() => emoji.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect
      .poll(() => message.locator('.message-content img.emoji[alt=":shipit:"]').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    // Drawn in the line, the size of the text around it.
    const box = await emoji.boundingBox();
    expect(box?.height).toBeGreaterThan(12);
    expect(box?.height).toBeLessThan(32);
    await ui.screenshot('custom-emoji-message');
    expect(ui.pageErrors).toEqual([]);
  });

  it('removes her emoji after asking, and the server keeps it as deactivated', async () => {
    const { page } = ui;
    await openPage(page);
    await row(page, 'party_parrot').getByRole('button', { name: 'Remove :party_parrot:' }).click();
    await row(page, 'party_parrot')
      .getByRole('button', { name: 'Remove :party_parrot:', exact: true })
      .click();
    await expect.poll(() => row(page, 'party_parrot').count()).toBe(0);
    expect(await serverEmoji()).toEqual([
      expect.objectContaining({ name: 'party_parrot', deactivated: true }),
      expect.objectContaining({ name: 'shipit', deactivated: false }),
    ]);
  });

  it("lists the organization's emoji after a restart while the server is down, from the cache", async () => {
    await ui.close();
    await org.stop();
    ui = await app.open();
    const { page } = ui;
    await openPage(page);
    await row(page, 'shipit').getByText('Added by Bob').waitFor();
    expect(await row(page, 'party_parrot').count()).toBe(0);
    await org.start();
  });

  it('still shows a removed emoji in the message that used it, as Zulip does', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: '# kitchen' }).click();
    const message = page.locator('.message', { hasText: 'Cake is ready' });
    await expect
      .poll(() =>
        message.locator('.message-content img.emoji[alt=":party_parrot:"]').getAttribute('src'),
      )
      .toMatch(/^data:image\/png;base64,/);
  });

  it('offers an emoji added meanwhile in completion and the picker, without a restart', async () => {
    const { page } = ui;
    const field = page.getByRole('textbox', { name: 'Message', exact: true });
    const offered = () =>
      page.getByRole('form', { name: 'Compose' }).getByRole('listbox').getByRole('option');
    await field.fill(':shi');
    await expect
      .poll(() => offered().allInnerTexts())
      .toContainEqual(expect.stringContaining(':shipit:'));
    await field.fill('');
    const answer = await postFiles(org, bob, 'POST', '/realm/emoji/cake_time', [
      { name: 'file', data: parrot },
    ]);
    expect(answer.status).toBe(200);

    await expect
      .poll(async () => {
        await field.fill(':cake_t');
        return offered().allInnerTexts();
      })
      .toContainEqual(expect.stringContaining(':cake_time:'));
    await field.fill('');
    await page.getByRole('button', { name: 'Add an emoji' }).click();
    const picker = page.getByRole('dialog', { name: 'Add an emoji to the message' });
    await picker.getByRole('searchbox', { name: 'Search emoji' }).fill('cake_time');
    await page.keyboard.press('Enter');
    await expect.poll(() => field.inputValue()).toBe(':cake_time:');
    await field.fill('');
  });
});
