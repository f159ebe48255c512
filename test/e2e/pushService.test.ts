import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import { startStandInService, type StandInService } from '../helpers/pushService/standInService';
import { openWindow, type RendererPage } from '../helpers/rendererPage';

// Issue 54, points 2, 6 and 9, as a new owner tries it: on the Hosting page,
// "Mobile notifications": no service named, the terms and what registering
// sends shown before anything is sent, main's own question, the service's
// refusal in its own words, then phones notified through the service. A
// stand-in for Zulip's push notification service runs on loopback.

describe('the Hosting page: mobile notifications', () => {
  let window: RendererPage;
  let service: StandInService;

  const hostingPanel = () => window.page.locator('.hosting-view');
  const heading = () => window.page.getByRole('heading', { name: 'Mobile notifications' });
  const section = () => hostingPanel().locator('section', { has: heading() });
  const form = () => section().locator('form');
  const fact = (name: string) =>
    section()
      .locator('.hosting-facts dt', { hasText: name })
      .locator('xpath=following-sibling::dd[1]');

  beforeAll(async () => {
    service = await startStandInService();
    window = await openWindow(await startTestHearth(), { viewport: { width: 1100, height: 1000 } });
    const { page } = window;
    await page.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
    await page.getByRole('textbox', { name: 'Your name' }).fill('Hana Harbour');
    await page.getByRole('textbox', { name: 'Email' }).fill('hana@harbour.example');
    await page.getByLabel('Password').fill('tides and ferries');
    await page.getByRole('button', { name: 'Host a new organization' }).click();
    await page.getByRole('button', { name: /# general/ }).waitFor({ timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await window?.close();
    await service?.close();
  });

  /** The section at the top of the window, light and dark. */
  async function screenshot(name: string): Promise<void> {
    await heading().evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await window.screenshot(name);
  }

  it('names no service, shows the terms before anything is sent, and sends nothing when main’s question is declined', async () => {
    const { page } = window;
    await page.getByRole('button', { name: 'Hosting', exact: true }).click();
    await expect
      .poll(() => fact('Phones').innerText())
      .toBe('Not notified: this host is not registered with a push notification service');
    const address = form().getByRole('textbox', { name: 'Service address' });
    expect(await address.inputValue()).toBe('');
    const terms = form().getByRole('link', { name: 'Zulip Cloud Terms of Service' });
    expect(await terms.getAttribute('href')).toBe('https://zulip.com/policies/terms');
    expect(await form().getByRole('list').innerText()).toContain(
      'the organization’s name, URL, creation date and ID',
    );

    await address.fill(service.url);
    await form().getByRole('textbox', { name: 'Contact email' }).fill('hana@harbour.example');
    const register = form().getByRole('button', { name: 'Register', exact: true });
    expect(await register.isDisabled()).toBe(true);
    await form()
      .getByRole('checkbox', { name: /I accept the service’s terms/ })
      .check();
    expect(await register.isEnabled()).toBe(true);
    expect(await seriousViolationsInBothThemes(page, 'the mobile notifications form')).toEqual([]);
    await screenshot('hosting-push-service-terms');

    const { confirmations } = window.hearth;
    confirmations.asked.length = 0;
    confirmations.accept = false;
    try {
      await register.click();
      await expect
        .poll(() => hostingPanel().locator('p.hint[role=status]').innerText())
        .toBe('Cancelled: nothing was sent to the service.');
    } finally {
      confirmations.accept = true;
    }
    expect(confirmations.asked.map(({ message }) => message)).toEqual([
      `Register Harbour Office with the push notification service at ${service.url}?`,
    ]);
    expect(service.calls).toEqual([]);
  }, 60_000);

  it('shows the service’s refusal in its own words, then registers and says phones are notified', async () => {
    const email = form().getByRole('textbox', { name: 'Contact email' });
    await email.fill('hana@example.com');
    await form().getByRole('button', { name: 'Register', exact: true }).click();
    await expect
      .poll(() => form().getByRole('alert').innerText(), { timeout: 20_000 })
      .toBe('Not registered: the service refused, saying “Enter a valid email address.”');
    await expect
      .poll(() => fact('Phones').innerText())
      .toContain(`The service at ${service.url} refused: “Enter a valid email address.”`);
    await screenshot('hosting-push-service-refused');

    await email.fill('hana@harbour.example');
    await form().getByRole('button', { name: 'Register', exact: true }).click();
    await expect
      .poll(() => fact('Phones').innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Notified through ${service.url} since .*\\d{4}`));
    expect(await fact('Contact email').innerText()).toBe('hana@harbour.example');
    expect(await form().count()).toBe(0);
    expect([...service.servers.values()].map((server) => server.contactEmail)).toEqual([
      'hana@harbour.example',
    ]);
    await screenshot('hosting-push-service');

    // Registering again starts from what the host registered with.
    await section().getByRole('button', { name: 'Register again…' }).click();
    expect(await form().getByRole('heading').innerText()).toBe('Register again');
    expect(await form().getByRole('textbox', { name: 'Service address' }).inputValue()).toBe(
      service.url,
    );
    expect(await form().getByRole('textbox', { name: 'Contact email' }).inputValue()).toBe(
      'hana@harbour.example',
    );
    await form().getByRole('button', { name: 'Cancel' }).click();
    expect(await form().count()).toBe(0);
  }, 60_000);
});
