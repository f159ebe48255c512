import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zulip from 'zulip-js';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { startTestHearth } from '../helpers/hearth';
import {
  startStandInService,
  tokenIdOf,
  type StandInService,
} from '../helpers/pushService/standInService';
import { makeTestPhone } from '../helpers/pushService/testPhone';
import { hostHarbourOffice } from '../helpers/hostFromWindow';
import { openWindow, type RendererPage } from '../helpers/rendererPage';
import { until } from '../helpers/until';

// Issue 54, points 2, 6 and 9, as a new owner tries it: on the Hosting page,
// "Mobile notifications": no service named, the terms and what registering
// sends shown before anything is sent, main's own question, the service's
// refusal in its own words, then phones notified through the service. A
// stand-in for Zulip's push notification service runs on loopback. Then a
// colleague's phone registers through zulip-js, unchanged from npm, and the
// direct message the owner writes in the window reaches it sealed.

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
    await hostHarbourOffice(window.page);
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
  it('notifies a colleague’s phone, registered through zulip-js, of a direct message written in the window', async () => {
    const { page } = window;
    const state = await window.hearth.service.getAppState({});
    const realm = state.accounts.find((account) => account.hosted)?.serverUrl ?? '';
    const owner = await zulip({
      username: 'hana@harbour.example',
      password: 'tides and ferries',
      realm,
    });
    const kai = { email: 'kai@harbour.example', password: 'nets and buoys' };
    expect(await owner.users.create({ ...kai, full_name: 'Kai Keeper' })).toMatchObject({
      result: 'success',
    });
    const kaiClient = await zulip({ username: kai.email, password: kai.password, realm });

    // What Zulip's mobile app does on first start: a device, then its key and token.
    const phone = await makeTestPhone();
    const device = await kaiClient.callEndpoint('/register_client_device', 'POST', {});
    expect(device).toMatchObject({ result: 'success' });
    expect(
      await kaiClient.callEndpoint('/mobile_push/register', 'POST', {
        device_id: device.device_id,
        ...phone.keyFields(),
        ...phone.tokenFields(service.publicKey),
      }),
    ).toMatchObject({ result: 'success' });
    await until('the service confirms the phone’s token', () =>
      service.devices.has(tokenIdOf(phone.token)),
    );

    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: '# general' }).click();
    const compose = page.getByRole('form', { name: 'Compose' });
    await compose.getByRole('button', { name: 'Direct message' }).click();
    const to = compose.getByRole('combobox', { name: 'To' });
    await to.fill('kai');
    await page.getByRole('option', { name: /Kai Keeper/ }).click();
    await compose.getByRole('textbox', { name: 'Message' }).fill('Ferry leaves at **six**.');
    await compose.getByRole('button', { name: 'Send' }).click();

    await until('the notification reaches Kai’s phone', () =>
      service.deliveries.some((delivery) => delivery.token === phone.token),
    );
    await sidebar
      .getByRole('list', { name: 'Direct messages' })
      .getByRole('button', { name: /Kai Keeper/ })
      .click();
    await page.locator('.message:not(.outbox-entry)', { hasText: 'Ferry leaves at' }).waitFor();
    await window.screenshot('push-service-direct-message');
    const delivery = service.deliveries.find((each) => each.token === phone.token);
    if (!delivery) throw new Error('no delivery');
    expect(JSON.stringify(delivery.request)).not.toContain('six');
    const me = await owner.users.me.getProfile();
    const kaiId = (await kaiClient.users.me.getProfile()).user_id as number;
    expect(phone.open(delivery)).toEqual({
      type: 'message',
      realm_url: (await owner.server.settings()).realm_url,
      realm_name: 'Harbour Office',
      user_id: kaiId,
      message_id: expect.any(Number),
      time: expect.any(Number),
      sender_id: me.user_id,
      sender_full_name: 'Hana Harbour',
      sender_avatar_url: expect.stringMatching(/^https?:\/\//),
      content: 'Ferry leaves at six.',
      recipient_type: 'direct',
      recipient_user_ids: [me.user_id as number, kaiId].sort((a, b) => a - b),
    });
  }, 60_000);
});
