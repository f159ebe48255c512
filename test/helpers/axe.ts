import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let source: Promise<string> | undefined;
const axeSource = () =>
  (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * axe-core's serious and critical findings on what the page shows now, one
 * line each (rule, element, why), for a test to expect none. The script goes
 * in through the debugger, past the window's Content-Security-Policy, which
 * rightly refuses it a script tag.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
  const { violations, checked } = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: unknown[]; passes: unknown[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return { violations: result.violations, checked: result.passes.length };
  });
  // A run that checked nothing would pass any page.
  if (checked === 0) throw new Error(`axe-core checked nothing in ${where}`);
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact ?? ''}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
      ),
    );
}

/** The findings in the light theme and then the dark one. */
export async function seriousViolationsInBothThemes(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page, `${where} (${colorScheme})`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}
