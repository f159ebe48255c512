import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createMemorySecretStore } from '../../src-main/client/secretStore';
import { startWebBridge, type WebBridge } from '../../src-main/web/webBridge';
import { joinWithKey, removeProfile, startTestHearth, type TestHearth } from './hearth';
import type { Org, TestUser } from './org';
import { trackWindow } from './windowsOnScreen';

// Sessions working side by side build to folders of their own, so one's build never swaps another's window.
const rendererDir = `${process.env['HEARTH_TEST_OUT'] ?? 'out'}/renderer`;

/** The built renderer in Chromium, signed in as one user over the WebSocket bridge. */
export interface RendererPage {
  hearth: TestHearth;
  web: WebBridge;
  page: Page;
  /** Script errors and Content-Security-Policy violations, which the desktop window would hit too. */
  pageErrors: string[];
  /** Saves what the page shows under test-results/, light and `-dark`, for a person to look at after a run. */
  screenshot(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface RendererPageOptions {
  viewport?: { width: number; height: number };
  /** Device pixels per CSS pixel; with a viewport of the window's size divided by it, the window zoomed by it. */
  deviceScaleFactor?: number;
  /** Browser permissions such as `clipboard-read`. */
  permissions?: string[];
  /** Closing leaves the app's profile in place, for a restart on it. */
  keepProfile?: boolean;
  /** The system's language as the page sees it (navigator.languages), e.g. `ar` or the pseudo-language `en-XA`. */
  locale?: string;
  /** Runs before the page loads, e.g. to install observers with `page.addInitScript`. */
  beforeLoad?: (page: Page) => Promise<void>;
  /** Which of Debian's Chromium builds shows the window (`launchChromium`). */
  browser?: ChromiumBuild;
}

/** A window on a fresh app signed in to the organization (a Hearth host or a Zulip server) as the user, as after joining it. */
export async function openRendererPage(
  org: Pick<Org, 'url'>,
  user: TestUser,
  options: RendererPageOptions = {},
): Promise<RendererPage> {
  const hearth = await startTestHearth({ secrets: createMemorySecretStore() });
  await joinWithKey(hearth.app, org.url, user);
  return openWindow(hearth, { ...options, imageOrigins: [org.url] });
}

/**
 * Debian's headless shell draws a page with the same engine as its full
 * Chromium for about two thirds of the CPU, and the end-to-end tests are
 * most of a test run on two cores. It denies Web Notifications whatever a
 * context is granted, so a test of them asks for the full browser.
 */
export type ChromiumBuild = 'headless shell' | 'full';

const executables: Record<ChromiumBuild, string> = {
  'headless shell': '/usr/bin/chromium-headless-shell',
  full: '/usr/bin/chromium',
};

/** What every window, test and benchmark runs in unless it asks for another. */
const usualBuild: ChromiumBuild = 'headless shell';

/** Debian's Chromium, as the tests and the window's benchmark run it. */
export function launchChromium(build: ChromiumBuild = usualBuild): Promise<Browser> {
  return chromium.launch({
    executablePath: executables[build],
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      // Electron's own policy: the window plays notification sounds unprompted.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

// One Chromium of each build for every window of a test process: the files
// of a process share its modules (vitest.config.ts), and a launch costs
// several contexts.
const shared = new Map<ChromiumBuild, Promise<Browser>>();

function sharedChromium(build: ChromiumBuild): Promise<Browser> {
  let browser = shared.get(build);
  if (browser === undefined) {
    browser = launchChromium(build).then((launched) => {
      launched.on('disconnected', () => shared.delete(build));
      return launched;
    });
    shared.set(build, browser);
  }
  return browser;
}

/** The built renderer in Chromium, showing whatever the app holds: onboarding if it has no account. */
export async function openWindow(
  hearth: TestHearth,
  options: RendererPageOptions & { imageOrigins?: string[] } = {},
): Promise<RendererPage> {
  if (!existsSync(`${rendererDir}/index.html`)) {
    throw new Error(`${rendererDir} is missing: run \`npm run build\` before the end-to-end tests`);
  }
  const web = await startWebBridge({
    rendererDir,
    service: hearth.service,
    imageOrigins: options.imageOrigins ?? [],
  });
  const context = await (
    await sharedChromium(options.browser ?? usualBuild)
  ).newContext({
    viewport: options.viewport ?? { width: 1100, height: 700 },
    ...(options.deviceScaleFactor === undefined
      ? {}
      : { deviceScaleFactor: options.deviceScaleFactor }),
    permissions: options.permissions ?? [],
    ...(options.locale === undefined ? {} : { locale: options.locale }),
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') pageErrors.push(entry.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A missing element then fails with its locator rather than with the test's timeout.
  page.setDefaultTimeout(10_000);
  const untrack = trackWindow(page, pageErrors);
  await options.beforeLoad?.(page);
  await page.goto(web.url);
  return {
    hearth,
    web,
    page,
    pageErrors,
    screenshot: async (name) => {
      await mkdir('test-results', { recursive: true });
      await page.screenshot({ path: `test-results/${name}.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `test-results/${name}-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
    },
    close: async () => {
      untrack();
      await context.close();
      await web.close();
      await hearth.stop();
      if (options.keepProfile !== true) await removeProfile(hearth.profileDir);
    },
  };
}

/**
 * A window on a fresh app that joins the server through the first-run form
 * with an email and password, as a new user does; resolves once the
 * sidebar lists the organization's channels.
 */
export async function joinedThroughForm(
  serverUrl: string,
  person: { email: string; password: string },
  options: RendererPageOptions = {},
): Promise<RendererPage> {
  const ui = await openWindow(await startTestHearth({ secrets: createMemorySecretStore() }), {
    ...options,
    imageOrigins: [serverUrl],
  });
  const { page } = ui;
  await page.getByRole('textbox', { name: 'Server URL' }).fill(serverUrl);
  await page.getByRole('button', { name: 'Check server' }).click();
  await page.getByRole('button', { name: 'Join' }).waitFor();
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Join' }).click();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('heading', { name: 'Channels', exact: true })
    .waitFor();
  return ui;
}
