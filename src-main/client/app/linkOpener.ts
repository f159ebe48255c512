import { parseInvitationLink } from '../accounts';
import type { Emitter } from '../emitter';
import { parseHandedLink } from '../links/handedLinks';
import { resolveLink, type LinkAccount, type LinkTarget } from '../links/linkTargets';
import type { AccountRuntimes } from './accountRuntimes';
import type { HearthAppEvents } from './appEvents';

/**
 * Links followed in the app: a narrow of an organization one of the accounts
 * here belongs to is shown in the window, an invitation opens the Join form.
 */
export class LinkOpener {
  readonly #runtimes: AccountRuntimes;
  readonly #events: Emitter<HearthAppEvents>;

  constructor(runtimes: AccountRuntimes, events: Emitter<HearthAppEvents>) {
    this.#runtimes = runtimes;
    this.#events = events;
  }

  /**
   * Follows a link: clicked in a message of the account in the window
   * (`fromWindow`), or handed over by the OS (a hearth:// link, a second
   * launch). A narrow of a known organization is shown in the app.
   */
  open(href: string, { fromWindow }: { fromWindow: boolean }): LinkTarget {
    // Any web page can hand Hearth a link: from the OS only the documented forms count.
    if (!fromWindow) return this.#openHandedLink(href);
    // An invitation opens the Join form, whether clicked or handed over by the OS.
    if (parseInvitationLink(href)) {
      this.#events.emit('invitation', { link: href });
      return { kind: 'invitation', link: href };
    }
    const activeId = this.#runtimes.activeId;
    const shownIn = fromWindow && activeId !== null ? this.#linkAccount(activeId) : undefined;
    const target = resolveLink(href, this.#linkAccounts(), shownIn);
    if (target.kind === 'narrow') {
      this.#events.emit('navigate', { accountId: target.accountId, narrow: target.narrow });
    }
    return target;
  }

  /** Where a link shown in `accountId`'s messages leads. */
  resolve(href: string, accountId: string): LinkTarget {
    return resolveLink(href, this.#linkAccounts(), this.#linkAccount(accountId));
  }

  /** A link from the OS shows a narrow of an organization in the app, or fills in the Join form; nothing else. */
  #openHandedLink(href: string): LinkTarget {
    const handed = parseHandedLink(href);
    if (handed?.kind === 'invitation') {
      this.#events.emit('invitation', { link: handed.link });
      return { kind: 'invitation', link: handed.link };
    }
    const target = handed ? resolveLink(handed.href, this.#linkAccounts()) : undefined;
    if (target?.kind !== 'narrow') return { kind: 'refused' };
    this.#events.emit('navigate', { accountId: target.accountId, narrow: target.narrow });
    return target;
  }

  #linkAccounts(): LinkAccount[] {
    return this.#runtimes.all().map((runtime) => ({
      id: runtime.account.id,
      serverUrl: runtime.account.serverUrl,
      userId: runtime.cache.ownUserId ?? runtime.account.userId,
    }));
  }

  #linkAccount(accountId: string): LinkAccount | undefined {
    return this.#linkAccounts().find((account) => account.id === accountId);
  }
}
