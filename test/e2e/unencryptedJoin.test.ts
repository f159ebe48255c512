import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import { startCorpServer, type CorpServer } from '../helpers/network/corpServer';
import { testPassword, type TestUser } from '../helpers/org';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 37, point 7, in the window: plain http to a server off this computer
// takes an explicit choice in the join form, which main holds to as well. The
// server is reached by a name only an office proxy resolves, so that, as far
// as the app can tell, it is another computer on the company network.

describe('the join form over plain http', () => {
  let corp: CorpServer;
  let alice: TestUser;
  let window: RendererPage;

  beforeAll(async () => {
    corp = await startCorpServer();
    alice = await corp.org.user('alice');
    window = await openWindow(await startTestHearth(corp.app), {
      viewport: { width: 1100, height: 860 },
    });
  });

  afterAll(async () => {
    await window?.close();
    await corp?.close();
  });

  const choice = () => window.page.getByRole('checkbox', { name: 'Send my password unencrypted' });

  async function checkServer(url: string): Promise<void> {
    const { page } = window;
    await page.getByRole('textbox', { name: 'Server URL' }).fill(url);
    await page.getByRole('button', { name: 'Check server' }).click();
    await page.getByRole('button', { name: 'Join', exact: true }).waitFor();
  }

  it('asks nothing of a server on this computer', async () => {
    await checkServer(corp.org.url);
    expect(await choice().count()).toBe(0);
    expect(await window.page.locator('.server-warning').count()).toBe(0);
  });

  it('refuses to send the password to another computer until the person chooses to', async () => {
    const { page } = window;
    const { host, proxy } = corp;
    await checkServer(`http://${host}`);
    await expect(page.locator('.server-warning').innerText()).resolves.toContain(
      'without encryption',
    );
    expect(await choice().isChecked()).toBe(false);

    await page.getByRole('textbox', { name: 'Email' }).fill(alice.email);
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    const tunnelsBefore = proxy.tunnels.length;
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Send my password unencrypted' });
    await expect(refusal.innerText()).resolves.toBe(
      `${host} is reached over http://, without encryption: anyone on the network between could read your password and use your account. Use https:// if the server offers it, or tick “Send my password unencrypted”.`,
    );
    expect(await choice().getAttribute('aria-invalid')).toBe('true');
    expect((await window.hearth.service.getAppState({})).accounts).toEqual([]);
    expect(proxy.tunnels.length).toBe(tunnelsBefore);
    expect(await seriousViolationsInBothThemes(page, 'the unencrypted choice')).toEqual([]);
    await window.screenshot('join-unencrypted-refused');

    await choice().check();
    // Ticked, the refusal no longer applies.
    expect(await refusal.count()).toBe(0);
    expect(await choice().getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    await window.screenshot('join-unencrypted-chosen');
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('heading', { name: 'Channels', exact: true })
      .waitFor({ timeout: 20_000 });
    expect((await window.hearth.service.getAppState({})).accounts).toEqual([
      expect.objectContaining({ serverUrl: `http://${host}`, email: alice.email }),
    ]);
    expect(window.pageErrors).toEqual([]);
  });
});
