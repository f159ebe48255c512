import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

// A test that fails in CI, and never alone, leaves only its assertion to go
// on. What the windows open at that moment showed says whether the app did
// nothing, refused, or was still busy: the log carries it, and the run's
// screenshots hold each window as it was.

interface OpenWindow {
  page: Page;
  pageErrors: string[];
}

const open = new Set<OpenWindow>();

/** Counts the window as open until the returned function is called. */
export function trackWindow(window: OpenWindow): () => void {
  open.add(window);
  return () => open.delete(window);
}

// Enough of a window's text to find the view, its notices and its last messages.
const textShown = 3_000;
// A window that no longer answers must not hold up the report of why.
const readingMs = 3_000;

function withinReading<T>(reading: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>(
    (resolve) => (timer = setTimeout(() => resolve(fallback), readingMs)),
  );
  return Promise.race([reading.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

const fileName = (testName: string) =>
  testName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/**
 * What each open window shows (its alerts, its page errors and its text),
 * with a screenshot of each under test-results/failed/; null with none open.
 */
export async function whatWindowsShow(testName: string): Promise<string | null> {
  if (open.size === 0) return null;
  await mkdir('test-results/failed', { recursive: true });
  const reports = await Promise.all(
    [...open].map(async ({ page, pageErrors }, index) => {
      const screenshot = `test-results/failed/${fileName(testName)}-${index + 1}.png`;
      const taken = await withinReading(
        page.screenshot({ path: screenshot }).then(() => true),
        false,
      );
      const alerts = await withinReading(page.locator('[role="alert"], .error').allInnerTexts(), [
        '(the window did not answer)',
      ]);
      const text = await withinReading(
        page.locator('body').innerText(),
        '(the window did not answer)',
      );
      return [
        `window ${index + 1} of ${open.size}${taken ? `, screenshot ${screenshot}` : ''}`,
        `  alerts: ${alerts.length === 0 ? 'none' : alerts.join(' | ')}`,
        `  page errors: ${pageErrors.length === 0 ? 'none' : pageErrors.join(' | ')}`,
        `  text: ${text.replace(/\s+/g, ' ').slice(0, textShown)}`,
      ].join('\n');
    }),
  );
  return reports.join('\n');
}
