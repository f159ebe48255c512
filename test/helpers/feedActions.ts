import type { Locator, Page } from 'playwright-core';

/** The first message of the feed that says the text (a quote of it comes later). */
export const feedMessage = (page: Page, text: string): Locator =>
  page.getByRole('list', { name: 'Messages' }).locator('.message', { hasText: text }).first();

/** Picks an action from the message's ⋯ menu, as a reader with a mouse does. */
export async function chooseMessageAction(page: Page, text: string, action: string): Promise<void> {
  const message = feedMessage(page, text);
  await message.hover();
  await message.getByRole('button', { name: 'Message actions' }).click();
  await page
    .getByRole('menu', { name: 'Actions for this message' })
    .getByRole('menuitem', { name: action })
    .click();
}

/** Opens a topic from the sidebar and waits for its header. */
export async function openTopic(page: Page, stream: string, topic: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: `# ${stream}` })
    .click();
  await page
    .getByRole('button', { name: `Go to topic ${topic}` })
    .first()
    .click();
  await page.locator('.conversation-header h1', { hasText: topic }).waitFor();
}
