import type { Page } from 'playwright-core';
import { pageScript } from './pageScript';
import type { UnsafeMarkupOptions } from './unsafeMarkup';

/** What a page under attack reported: calls of `__pwned`, dialogs, policy violations. */
export interface XssProbe {
  pwned: number[];
  dialogs: string[];
  /** Content-Security-Policy violations the page saw, as "directive blocked-uri". */
  violations(): Promise<string[]>;
  /** Every unsafe element or attribute in the page's document now. */
  unsafeMarkup(options: UnsafeMarkupOptions): Promise<string[]>;
}

interface ProbeGlobals {
  hearthXssViolations: string[];
  hearthUnsafeMarkup: { unsafeMarkup(root: ParentNode, options: UnsafeMarkupOptions): string[] };
}

let markupRules: Promise<string> | undefined;
const rules = () =>
  (markupRules ??= pageScript('test/helpers/unsafeMarkup.ts', 'hearthUnsafeMarkup'));

/**
 * Arms a page before it loads: the `__pwned` the corpus calls, a record of
 * dialogs (dismissed), and a `securitypolicyviolation` listener installed
 * before any of the page's own scripts.
 */
export async function armPage(page: Page): Promise<XssProbe> {
  const pwned: number[] = [];
  const dialogs: string[] = [];
  await page.exposeFunction('__pwned', (id: number) => pwned.push(id));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const scope = window as unknown as ProbeGlobals;
    scope.hearthXssViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      scope.hearthXssViolations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  return {
    pwned,
    dialogs,
    violations: () =>
      page.evaluate(() => [...(window as unknown as ProbeGlobals).hearthXssViolations]),
    unsafeMarkup: async (options) => {
      await page.evaluate(await rules());
      return page.evaluate(
        (options) =>
          (window as unknown as ProbeGlobals).hearthUnsafeMarkup.unsafeMarkup(document, options),
        options,
      );
    },
  };
}
