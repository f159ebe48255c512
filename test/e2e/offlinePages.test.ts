import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import type { RendererPage } from '../helpers/rendererPage';
import { restartableWindow } from '../helpers/restartableWindow';

// Issue 17, point 7: what the pages of each slice show comes from the
// client's cache, so an app restarted while its server is down still shows
// the user's alert words and the organization's groups.

describe('pages read offline after a restart', () => {
  let org: Org;
  let alice: TestUser;
  let bob: TestUser;
  let app: ReturnType<typeof restartableWindow>;
  let ui: RendererPage;

  beforeAll(async () => {
    org = await startOrg({ queueTimeouts: { heartbeatMs: 1_000 } });
    alice = await org.user('alice');
    bob = await org.user('bob');
    await org.api(alice)('POST', '/users/me/alert_words', {
      alert_words: JSON.stringify(['deploy', 'coffee machine']),
    });
    await org.api(alice)('POST', '/user_groups/create', {
      name: 'Kitchen crew',
      description: 'Keeps the kitchen going',
      members: JSON.stringify([alice.id, bob.id]),
    });
    app = restartableWindow(org, alice, { viewport: { width: 1100, height: 900 } });
    ui = await app.open();
    await ui.page.getByRole('button', { name: 'Groups', exact: true }).waitFor();
  });

  afterAll(async () => {
    await ui?.close();
    await org?.close();
    await app?.removeProfile();
  });

  it('shows alert words and groups from the cache while the server is down', async () => {
    await ui.close();
    await org.stop();
    ui = await app.open();
    const { page } = ui;

    await page.getByRole('button', { name: 'Groups', exact: true }).click();
    const crew = page.getByRole('list', { name: 'Members of Kitchen crew' });
    await expect.poll(() => crew.innerText()).toMatch(/Alice[\s\S]*Bob/);
    await page.getByText('Keeps the kitchen going').waitFor();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const words = page
      .getByRole('region', { name: 'Alert words' })
      .getByRole('list', { name: 'Your alert words' });
    await words.getByText('deploy', { exact: true }).waitFor();
    await words.getByText('coffee machine', { exact: true }).waitFor();
    expect(ui.pageErrors).toEqual([]);
  });
});
