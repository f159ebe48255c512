import type { Page } from 'playwright-core';

/**
 * Fills the first-run form as a new owner does and hosts "Harbour Office" on
 * this computer; resolves once the window shows its general channel.
 */
export async function hostHarbourOffice(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Organization name' }).fill('Harbour Office');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Hana Harbour');
  await page.getByRole('textbox', { name: 'Email' }).fill('hana@harbour.example');
  await page.getByLabel('Password').fill('tides and ferries');
  await page.getByRole('button', { name: 'Host a new organization' }).click();
  // Creating the organization starts a host worker: over ten seconds on a busy machine.
  await page.getByRole('button', { name: /# general/ }).waitFor({ timeout: 30_000 });
}
