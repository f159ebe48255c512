import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { chooseMessageAction, feedMessage, openTopic } from '../helpers/feedActions';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// Issue 17, point 5: an administrator archives a stream from its settings,
// moves a message to another stream from the message's menu, and marks a
// topic resolved and unresolved; the sidebar and the feed follow the events.

describe('archiving streams, moving messages and resolving topics', () => {
  let org: Org;
  let bob: TestUser;
  let ui: RendererPage;
  let page: Page;
  let beansId: number;
  let ladderId: number;

  const sidebar = () => page.getByRole('navigation', { name: 'Conversations' });
  const dialog = () => page.getByRole('dialog');
  const message = (text: string) => feedMessage(page, text);
  const serverMessage = async (id: number) =>
    (await org.api(org.owner)('GET', `/messages/${id}`, { apply_markdown: false })).json
      .message as { stream_id: number; subject: string };
  const streamId = async (name: string) =>
    (await org.api(org.owner)('GET', '/get_stream_id', { stream: name })).json.stream_id as number;

  beforeAll(async () => {
    org = await startOrg();
    bob = await org.user('bob');
    for (const name of ['garden', 'orchard', 'attic']) {
      for (const user of [org.owner, bob]) await org.subscribe(user, name);
    }
    beansId = await org.sendStream(bob, 'garden', 'beans', 'The beans need poles');
    ladderId = await org.sendStream(bob, 'garden', 'ladder', 'Who took the ladder?');
    ui = await openRendererPage(org, org.owner, { viewport: { width: 1100, height: 800 } });
    page = ui.page;
    await sidebar().getByRole('button', { name: '# attic' }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
  });

  it('moves a message to another stream and topic, and the feed follows', async () => {
    await openTopic(page, 'garden', 'beans');
    await message('The beans need poles').waitFor();
    await chooseMessageAction(page, 'The beans need poles', 'Move message…');
    const form = dialog();
    await form.getByLabel('Topic', { exact: true }).waitFor();
    await form.getByLabel('Channel', { exact: true }).selectOption({ label: '#orchard' });
    await form.getByLabel('Topic', { exact: true }).fill('climbing beans');
    await form.getByLabel('Every message in the topic').check();
    await ui.screenshot('move-message');
    expect(await seriousViolationsInBothThemes(page, 'move message dialog')).toEqual([]);
    await form.getByRole('button', { name: 'Move' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(async () => (await serverMessage(beansId)).subject).toBe('climbing beans');
    expect((await serverMessage(beansId)).stream_id).toBe(await streamId('orchard'));
    // The whole topic moved from its own view, so the view went with it.
    await page.getByRole('heading', { name: '#orchard › climbing beans' }).waitFor();
    await message('The beans need poles').waitFor();
    await message('This topic was moved here from').waitFor();
  });

  it('marks a topic resolved from a message’s menu, and unresolved from its recipient bar', async () => {
    await openTopic(page, 'garden', 'ladder');
    await chooseMessageAction(page, 'Who took the ladder?', 'Mark as resolved');
    await expect.poll(async () => (await serverMessage(ladderId)).subject).toBe('✔ ladder');
    await page.getByRole('heading', { name: '#garden › ✔ ladder' }).waitFor();
    await message('has marked this topic as resolved.').waitFor();
    await ui.screenshot('resolved-topic');
    // The ✔ on the recipient bar undoes it.
    await page.getByRole('button', { name: 'Mark as unresolved' }).first().click();
    await expect.poll(async () => (await serverMessage(ladderId)).subject).toBe('ladder');
    await page.getByRole('heading', { name: '#garden › ladder' }).waitFor();
    await message('has marked this topic as unresolved.').waitFor();
  });

  it('archives a stream after asking, and it leaves the sidebar', async () => {
    const row = sidebar().locator('li', { has: page.getByRole('button', { name: '# attic' }) });
    await row.getByRole('button', { name: 'Channel actions' }).click();
    await page.getByRole('menuitem', { name: 'Channel settings…' }).click();
    await dialog().getByRole('button', { name: 'Archive channel…' }).waitFor();
    await ui.screenshot('stream-settings-with-archive');
    await dialog().getByRole('button', { name: 'Archive channel…' }).click();
    await dialog().getByRole('heading', { name: 'Archive #attic?' }).waitFor();
    await ui.screenshot('archive-stream');
    expect(await seriousViolationsInBothThemes(page, 'archive stream')).toEqual([]);
    await dialog().getByRole('button', { name: 'Archive', exact: true }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => sidebar().getByRole('button', { name: '# attic' }).count()).toBe(0);
    const listed = (await org.api(bob)('GET', '/streams')).json.streams as { name: string }[];
    expect(listed.map((stream) => stream.name)).not.toContain('attic');
  });
});
