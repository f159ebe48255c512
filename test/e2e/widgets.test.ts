import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolationsInBothThemes } from '../helpers/axe';
import { feedMessage, openTopic } from '../helpers/feedActions';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';
import { serverKinds, type Channel, type TestServer } from '../helpers/serverKinds';

// Issue 36, point 2 in the window: a /poll message draws as a poll the
// reader votes on and adds options to, a /todo message as a list whose tasks
// they add and tick, from the keyboard, in both themes; what others do shows
// as their submessages arrive.

describe.each(serverKinds)('polls and to-do lists in the window, on $name', (kind) => {
  let server: TestServer;
  let garden: Channel;
  let ui: RendererPage;
  let page: Page;

  const poll = () => feedMessage(page, 'Where shall we eat?').getByRole('region', { name: 'Poll' });
  const todo = () => page.getByRole('region', { name: 'To-do list' });
  const focusedName = () =>
    page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
    );

  beforeAll(async () => {
    server = await kind.start();
    [garden] = server.channels;
    await server.send(server.other, garden, 'lunch', '/poll Where shall we eat?\nPizza\nSoup');
    ui = await openRendererPage(server, server.me, { viewport: { width: 1100, height: 760 } });
    page = ui.page;
    await openTopic(page, garden.name, 'lunch');
  });

  afterAll(async () => {
    await ui?.close();
    await server?.close();
  });

  it('draws the poll in place of its text, and votes from the keyboard', async () => {
    await poll().getByRole('heading', { name: 'Where shall we eat?' }).waitFor();
    expect(await feedMessage(page, 'Where shall we eat?').locator('.message-content').count()).toBe(
      0,
    );
    const soup = poll().getByRole('button', { name: /^Soup:/ });
    expect(await soup.getAttribute('aria-label')).toBe('Soup: 0 votes');
    expect(await soup.getAttribute('aria-pressed')).toBe('false');

    await feedMessage(page, 'Where shall we eat?').click({ position: { x: 4, y: 4 } });
    await soup.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => soup.getAttribute('aria-pressed')).toBe('true');
    expect(await soup.getAttribute('aria-label')).toBe('Soup: 1 vote');
    expect(await soup.getAttribute('title')).toBe('You');
  });

  it("shows another's vote by name, and adds an option from the field after the options", async () => {
    await server.api(server.other)('POST', '/submessage', {
      message_id: await messageId('Where shall we eat?'),
      msg_type: 'widget',
      content: JSON.stringify({ type: 'vote', key: 'canned,1', vote: 1 }),
    });
    const soup = poll().getByRole('button', { name: /^Soup:/ });
    await expect.poll(() => soup.getAttribute('title')).toBe(`You and ${server.other.fullName}`);

    await soup.focus();
    await page.keyboard.press('Tab');
    expect(await focusedName()).toBe('Add option');
    await page.keyboard.type('Noodles');
    await page.keyboard.press('Enter');
    const noodles = poll().getByRole('button', { name: 'Noodles: 0 votes' });
    await noodles.waitFor();
    expect(await poll().getByRole('textbox', { name: 'Add option' }).inputValue()).toBe('');
    await ui.screenshot(`e2e-widgets-poll${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'poll')).toEqual([]);
  });

  it('sends /todo from the compose box, adds tasks and ticks one from the keyboard', async () => {
    await openTopic(page, garden.name, 'lunch');
    await page.getByRole('textbox', { name: 'Message' }).fill('/todo');
    await page.getByRole('button', { name: 'Send' }).click();
    await todo().getByRole('heading', { name: 'Task list' }).waitFor();

    const field = todo().getByRole('textbox', { name: 'Add task' });
    await field.fill('Book a table: for six');
    await field.press('Enter');
    await todo().getByText('Book a table').waitFor();
    await field.fill('Bring cake');
    await field.press('Enter');
    const cake = todo().getByRole('checkbox', { name: 'Bring cake' });
    await cake.waitFor();

    const table = todo().getByRole('checkbox', { name: /Book a table/ });
    await table.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => table.isChecked()).toBe(true);
    expect(await cake.isChecked()).toBe(false);
    await ui.screenshot(`e2e-widgets-todo${server.screenshotSuffix}`);
    expect(await seriousViolationsInBothThemes(page, 'to-do list')).toEqual([]);

    const tasks = await server.api(server.other)('GET', '/messages', {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: JSON.stringify([{ operator: 'stream', operand: garden.id }]),
    });
    const [sent] = tasks.json.messages as { submessages: { content: string }[] }[];
    expect(sent?.submessages.map((sub) => JSON.parse(sub.content) as unknown)).toEqual([
      expect.objectContaining({ widget_type: 'todo' }),
      { type: 'new_task', key: 1, task: 'Book a table', desc: 'for six', completed: false },
      { type: 'new_task', key: 2, task: 'Bring cake', desc: '', completed: false },
      { type: 'strike', key: `1,${server.me.id}` },
    ]);
  });

  it('asks the question of a bare /poll its author sent, and changes it', async () => {
    await openTopic(page, garden.name, 'lunch');
    await page.getByRole('textbox', { name: 'Message' }).fill('/poll');
    await page.getByRole('button', { name: 'Send' }).click();
    const mine = page.getByRole('region', { name: 'Poll' }).last();
    const question = mine.getByRole('textbox', { name: 'Poll question' });
    await question.fill('Dessert?');
    await question.press('Enter');
    await mine.getByRole('heading', { name: 'Dessert?' }).waitFor();

    await mine.getByRole('button', { name: 'Edit question' }).click();
    expect(await question.inputValue()).toBe('Dessert?');
    await question.press('Escape');
    await mine.getByRole('heading', { name: 'Dessert?' }).waitFor();
    await mine.getByRole('button', { name: 'Edit question' }).click();
    await question.fill('Dessert or cheese?');
    await question.press('Enter');
    await mine.getByRole('heading', { name: 'Dessert or cheese?' }).waitFor();
    // Only its author is offered the question.
    expect(await poll().getByRole('button', { name: 'Edit question' }).count()).toBe(0);
    await ui.screenshot(`e2e-widgets-question${server.screenshotSuffix}`);
  });

  async function messageId(text: string): Promise<number> {
    const id = await feedMessage(page, text).getAttribute('data-message-id');
    return Number(id);
  }
});
