import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';

// A test that fails in CI, and never alone, leaves only its assertion to go
// on. What the windows open at that moment showed says whether the app did
// nothing, refused, or was still busy: the log carries it, and the run's
// screenshots hold each window as it was.

/** One line of a window's bridge traffic; the same line again only counts up `times`. */
interface BridgeLine {
  /** Seconds since the window opened, when it last came. */
  at: number;
  line: string;
  times: number;
}

interface OpenWindow {
  page: Page;
  pageErrors: string[];
  /** The window's last calls over the bridge, their answers and main's events, oldest first. */
  bridge: BridgeLine[];
}

const open = new Set<OpenWindow>();
// Enough to see the action a test took and what followed it.
const bridgeKept = 40;

/**
 * Counts the window as open until the returned function is called, and
 * keeps its last bridge traffic: a call's name and whether it failed, an
 * event's name, never what they carried (a password goes through).
 */
export function trackWindow(page: Page, pageErrors: string[]): () => void {
  const window: OpenWindow = { page, pageErrors, bridge: [] };
  const started = Date.now();
  const note = (line: string) => {
    const at = (Date.now() - started) / 1000;
    const last = window.bridge.at(-1);
    if (last?.line === line) {
      last.at = at;
      last.times += 1;
      return;
    }
    window.bridge.push({ at, line, times: 1 });
    if (window.bridge.length > bridgeKept) window.bridge.shift();
  };
  // Frames are read from their start, as wsBridge.ts and bridgeSocket.ts
  // write them: a snapshot is large and comes often.
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const call = /^\{"id":(\d+),"method":"(\w+)"/.exec(String(payload).slice(0, 80));
      if (call) note(`→ ${call[2]} #${call[1]}`);
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = String(payload);
      const head = frame.slice(0, 80);
      const event = /^\{"event":"(\w+)"/.exec(head);
      const answer = /^\{"id":(\d+),"ok":(true|false)/.exec(head);
      if (event) note(`← ${event[1]}`);
      else if (answer?.[2] === 'true') note(`← #${answer[1]} ok`);
      else if (answer) note(`← #${answer[1]} failed: ${/"error":(".*")\}$/.exec(frame)?.[1]}`);
    });
  });
  open.add(window);
  return () => open.delete(window);
}

// Enough of a window's text to find the view, its notices and its last messages.
const textShown = 3_000;
// A window that no longer answers must not hold up the report of why.
const readingMs = 3_000;
const unanswered = '(the window did not answer)';

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
 * What each open window shows (its alerts, its page errors, its text and its
 * last bridge traffic), with a screenshot of each under test-results/failed/;
 * null with none open.
 */
export async function whatWindowsShow(testName: string): Promise<string | null> {
  if (open.size === 0) return null;
  await mkdir('test-results/failed', { recursive: true });
  const reports = await Promise.all(
    [...open].map(async ({ page, pageErrors, bridge }, index) => {
      const screenshot = `test-results/failed/${fileName(testName)}-${index + 1}.png`;
      const taken = await withinReading(
        page.screenshot({ path: screenshot }).then(() => true),
        false,
      );
      const alerts = await withinReading(page.locator('[role="alert"], .error').allInnerTexts(), [
        unanswered,
      ]);
      const text = await withinReading(page.locator('body').innerText(), unanswered);
      return [
        `window ${index + 1} of ${open.size}${taken ? `, screenshot ${screenshot}` : ''}`,
        `  alerts: ${alerts.length === 0 ? 'none' : alerts.join(' | ')}`,
        `  page errors: ${pageErrors.length === 0 ? 'none' : pageErrors.join(' | ')}`,
        `  text: ${text.replace(/\s+/g, ' ').slice(0, textShown)}`,
        `  bridge, last ${bridge.length}:`,
        ...bridge.map(
          ({ at, line, times }) => `    ${at.toFixed(1)}s ${line}${times > 1 ? ` ×${times}` : ''}`,
        ),
      ].join('\n');
    }),
  );
  return reports.join('\n');
}
