import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startOrg, type Org } from '../helpers/org';
import { openRendererPage, type RendererPage } from '../helpers/rendererPage';

// What a server we do not control might send as a message's HTML: script in
// every place it could hide, inside and around KaTeX-shaped MathML.
const hostileHtml =
  '<p>Hostile <img src="x" onerror="window.hostile = \'img\'">' +
  '<a href="javascript:window.hostile = \'link\'">link</a></p>' +
  '<script>window.hostile = "script"</script>' +
  '<p><span class="katex"><span class="katex-mathml"><math><semantics>' +
  '<mrow href="https://evil.test/" onclick="window.hostile = \'math\'">' +
  '<mi style="font-size: 900px" id="formula">y</mi></mrow>' +
  '<annotation encoding="application/x-tex"><mtext>leaked source</mtext></annotation>' +
  '</semantics></math></span></span></p>';

// The text a reader sees, with MathML's italic letters (𝐸) as plain ones and no layout whitespace.
function readAloud(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '');
}

interface Box {
  top: number;
  bottom: number;
}

describe('math and code blocks in the message view', () => {
  let org: Org;
  let ui: RendererPage;
  let page: Page;
  const ids = { inlineMath: 0, mathBlock: 0, code: 0, hostile: 0 };

  const message = (id: number): Locator => page.locator(`.message[data-message-id="${id}"]`);
  const box = async (locator: Locator): Promise<Box> => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('element is not laid out');
    return { top: found.y, bottom: found.y + found.height };
  };

  beforeAll(async () => {
    org = await startOrg();
    const alice = await org.user('alice');
    const bob = await org.user('bob');
    await org.subscribe(alice, 'general');
    await org.subscribe(bob, 'general');
    const send = async (content: string): Promise<number> => {
      const response = await org.api(bob)('POST', '/messages', {
        type: 'stream',
        to: 'general',
        topic: 'maths',
        content,
      });
      expect(response.status).toBe(200);
      return response.json.id as number;
    };
    ids.inlineMath = await send('Energy: $$E = mc^2$$ and that is all');
    ids.mathBlock = await send('```math\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n```');
    ids.code = await send('```python\ndef area(r):\n    return 3.14 * r ** 2\n```');
    ids.hostile = await send('placeholder');
    // Stands in for a hostile server: its HTML reaches the client as this message's content.
    const store = new Database(join(org.dataDir, 'hearth.sqlite3'));
    try {
      store
        .prepare('UPDATE messages SET rendered_content = ? WHERE id = ?')
        .run(hostileHtml, ids.hostile);
    } finally {
      store.close();
    }

    ui = await openRendererPage(org, alice, { viewport: { width: 1100, height: 900 } });
    page = ui.page;
    await message(ids.hostile).waitFor();
  });

  afterAll(async () => {
    await ui?.screenshot('e2e-message-rendering');
    await ui?.close();
    await org?.close();
  });

  it('shows inline math as a laid-out formula, once, without its TeX source', async () => {
    const content = message(ids.inlineMath).locator('.message-content');
    const formula = content.locator('math');
    expect(await formula.count()).toBe(1);
    const size = await formula.boundingBox();
    expect(size?.width).toBeGreaterThan(0);
    expect(size?.height).toBeGreaterThan(0);

    const base = await box(formula.locator('msup > mi'));
    const exponent = await box(formula.locator('msup > mn'));
    expect(exponent.bottom).toBeLessThan(base.bottom);

    expect(await content.locator('.katex-html').isVisible()).toBe(false);
    expect(await content.locator('annotation').isVisible()).toBe(false);
    expect(readAloud(await content.innerText())).toBe('Energy:E=mc2andthatisall');
    expect(ui.pageErrors).toEqual([]);
  });

  it('shows a math block as a display formula on a line of its own', async () => {
    const content = message(ids.mathBlock).locator('.message-content');
    const display = content.locator('.katex-display');
    const formula = display.locator('math');
    expect(await formula.getAttribute('display')).toBe('block');
    expect(await formula.evaluate((element) => getComputedStyle(element).display)).toBe(
      'block math',
    );
    const size = await formula.boundingBox();
    expect(size?.width).toBeGreaterThan(0);
    expect(size?.height).toBeGreaterThan(0);

    const numerator = await box(formula.locator('mfrac > mn').first());
    const denominator = await box(formula.locator('mfrac > mn').last());
    expect(numerator.bottom).toBeLessThanOrEqual(denominator.top);

    expect(await content.locator('.katex-html').isVisible()).toBe(false);
    expect(readAloud(await content.innerText())).toBe('∫01x2dx=13');
    expect(ui.pageErrors).toEqual([]);
  });

  it("colours a python code block's keywords apart from its plain text", async () => {
    const block = message(ids.code).locator('.codehilite');
    expect(await block.getAttribute('data-code-language')).toBe('Python');
    expect(await block.innerText()).toBe('def area(r):\n    return 3.14 * r ** 2\n');
    const colour = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).color);
    const plain = await colour(block.locator('code'));
    const keyword = await colour(block.locator('.k').first());
    expect(await block.locator('.k').first().textContent()).toBe('def');
    expect(keyword).not.toBe(plain);
    expect(await colour(block.locator('.nf'))).not.toBe(plain);
    expect(await colour(block.locator('.mf'))).not.toBe(plain);
    expect(await block.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    expect(ui.pageErrors).toEqual([]);
  });

  it("shows a hostile server's message inert: no script, handler, style, id or MathML link survives", async () => {
    const shown = message(ids.hostile);
    const content = shown.locator('.message-content');
    await content.locator('mrow').click();
    await content.locator('a').click();
    expect(await page.evaluate(() => (window as { hostile?: unknown }).hostile)).toBeUndefined();

    const attributes = await content.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].map((attribute) => `${element.localName}[${attribute.name}]`),
      ),
    );
    expect(attributes).toEqual([
      'a[target]',
      'a[rel]',
      'span[class]',
      'span[class]',
      'annotation[encoding]',
    ]);
    expect(await content.locator('script').count()).toBe(0);
    expect(await content.locator('math').count()).toBe(1);
    expect(await content.locator('annotation').textContent()).toBe('leaked source');
    expect(readAloud(await content.innerText())).toBe('Hostilelinky');
    expect(ui.pageErrors).toEqual([]);
  });
});
