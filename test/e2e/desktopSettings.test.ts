import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startOrg, type Org, type TestUser } from '../helpers/org';
import type { RendererPage } from '../helpers/rendererPage';
import { restartableWindow } from '../helpers/restartableWindow';

// Issue 57: Settings › Desktop holds this computer's choices for the app
// itself, kept in its preferences file rather than on a server.

describe('Settings › Desktop', () => {
  let org: Org;
  let alice: TestUser;
  let app: ReturnType<typeof restartableWindow>;
  let ui: RendererPage;
  let page: Page;

  const openDesktopSettings = async () => {
    ui = await app.open();
    page = ui.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('tab', { name: 'Desktop' }).click();
    await page.getByRole('heading', { name: 'This computer' }).waitFor();
  };

  beforeAll(async () => {
    org = await startOrg();
    alice = await org.user('alice');
    app = restartableWindow(org, alice, { viewport: { width: 1100, height: 900 } });
    await openDesktopSettings();
  });

  afterAll(async () => {
    await ui?.close();
    await app?.removeProfile();
    await org?.close();
  });

  const section = (name: string) => page.getByRole('region', { name });

  it("keeps this computer's choices in the app: start at login, spelling, the tray", async () => {
    const computer = section('This computer');
    expect(
      await computer.getByRole('checkbox', { name: 'Check spelling as I type' }).isChecked(),
    ).toBe(true);
    await computer.getByRole('checkbox', { name: 'Start Hearth when I log in' }).check();
    await expect.poll(() => ui.hearth.app.appState().preferences.startAtLogin).toBe(true);
    await computer.getByRole('checkbox', { name: /Keep Hearth in the tray/ }).check();
    await expect.poll(() => ui.hearth.app.appState().preferences.keepInTray).toBe(true);
    await computer.getByRole('checkbox', { name: 'Check spelling as I type' }).uncheck();
    await expect.poll(() => ui.hearth.app.appState().preferences.spellcheck).toBe(false);
  });

  it('starts minimized, shows the tray and flashes as chosen, and keeps the choices across a restart', async () => {
    // Looked up each time: the page is another one after the restart.
    const computer = () => section('This computer');
    const box = (name: string | RegExp) => computer().getByRole('checkbox', { name });
    const preferences = () => ui.hearth.app.appState().preferences;
    expect(await box('Show Hearth in the tray').isChecked()).toBe(true);
    expect(await box(/^Start Hearth minimized/).isChecked()).toBe(false);
    expect(await box(/^Flash the taskbar/).isChecked()).toBe(false);

    await box(/^Start Hearth minimized/).check();
    await expect.poll(() => preferences().startMinimized).toBe(true);
    await box(/^Flash the taskbar/).check();
    await expect.poll(() => preferences().flashOnMessage).toBe(true);
    await box('Show Hearth in the tray').uncheck();
    await expect.poll(() => preferences().showTray).toBe(false);

    // Without the tray the window is never kept there: the choice waits, explained.
    const needsTray =
      'Without the tray, closing the window quits Hearth, or minimizes it while it hosts.';
    await expect.poll(() => box(/Keep Hearth in the tray/).isDisabled()).toBe(true);
    expect(await box(/Keep Hearth in the tray/).isChecked()).toBe(false);
    expect(await computer().getByText(needsTray).isVisible()).toBe(true);
    expect(preferences().keepInTray).toBe(true);

    await ui.close();
    await openDesktopSettings();
    expect(preferences()).toMatchObject({
      startMinimized: true,
      flashOnMessage: true,
      showTray: false,
      keepInTray: true,
    });
    expect(await box(/^Start Hearth minimized/).isChecked()).toBe(true);
    expect(await box(/^Flash the taskbar/).isChecked()).toBe(true);
    expect(await box('Show Hearth in the tray').isChecked()).toBe(false);
    expect(await box(/Keep Hearth in the tray/).isDisabled()).toBe(true);

    // With the tray back, so is the choice made before.
    await box('Show Hearth in the tray').check();
    await expect.poll(() => box(/Keep Hearth in the tray/).isEnabled()).toBe(true);
    expect(await box(/Keep Hearth in the tray/).isChecked()).toBe(true);
    expect(await computer().getByText(needsTray).count()).toBe(0);
  });

  it('passes axe in both themes, and shows in both', async () => {
    expect(await seriousViolationsInBothThemes(page, 'Settings › Desktop')).toEqual([]);
    await ui.screenshot('settings-desktop');
    expect(ui.pageErrors).toEqual([]);
  });
});
