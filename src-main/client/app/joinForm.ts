import type { FormResult, ProbeResult, ReachProblem } from '../../../src-preload/bridge';
import {
  joinWithInvitation,
  parseInvitationLink,
  parseZuliprc,
  probeServer,
  requireCleartextChoice,
  SignInError,
  signInWithApiKey,
  signInWithPassword,
  type AccountList,
  type SignInResult,
} from '../accounts';
import { pinFromLink, reachThrough, splitPin } from '../accounts/certificatePin';
import { findOrganizations, type FoundOrganization } from '../accounts/discovery';
import { reachProblem } from '../accounts/reachProblem';
import { normaliseServerUrl } from '../accounts/serverUrl';
import type { RealmIcons } from '../admin/realmIcons';
import type { HttpClientOptions } from '../api/http';
import type { CertificatePin } from '../network/certificates';
import type { Network } from '../network/routing';
import { mt } from '../../i18n/mainText';

export type JoinRequest = (
  | { method: 'password'; serverUrl: string; email: string; password: string }
  | { method: 'apiKey'; serverUrl: string; email: string; apiKey: string }
  | { method: 'zuliprc'; zuliprc: string }
  | { method: 'invitation'; link: string; fullName: string; email: string; password: string }
) & {
  /** The person chose to send their password or key over plain http to another computer. */
  sendUnencrypted?: boolean | undefined;
};

interface Failure {
  ok: false;
  field: SignInError['field'] | 'form';
  message: string;
  problem?: ReachProblem;
}

export interface JoinFormOptions {
  network: Network;
  icons: RealmIcons;
  /** The accounts here: a server one of them uses is reached with the certificate pinned for it. */
  accounts: AccountList;
  /** Keeps the signed-in account and opens it in the window; resolves to its ID. */
  adopt: (signedIn: SignInResult) => Promise<string>;
}

/**
 * The Join form: looking at a server before joining it, the organizations on
 * the local network, and signing in by password, API key, zuliprc or
 * invitation, each through the certificate the person chose to trust.
 */
export class JoinForm {
  readonly #network: Network;
  readonly #icons: RealmIcons;
  readonly #accounts: AccountList;
  readonly #adopt: JoinFormOptions['adopt'];

  constructor({ network, icons, accounts, adopt }: JoinFormOptions) {
    this.#network = network;
    this.#icons = icons;
    this.#accounts = accounts;
    this.#adopt = adopt;
  }

  /** The server the form names, or the one an invitation link it holds names. */
  async probe(serverUrl: string): Promise<ProbeResult> {
    const invitation = parseInvitationLink(serverUrl);
    try {
      const { address, pin } = invitation
        ? {
            address: invitation.serverUrl,
            pin: await pinFromLink(this.#network, invitation.serverUrl, invitation.fingerprint),
          }
        : await this.#pinFor(serverUrl);
      const reach = this.#reach(address, pin);
      const info = await probeServer(address, reach);
      return {
        ok: true,
        server: {
          serverUrl: info.serverUrl,
          realmName: info.realmName,
          realmIcon: await this.#icons.dataUrl(info.realmIcon, reach.fetch),
          description: info.realmDescription,
          version: info.zulipVersion,
          passwordSignIn: info.signIn.password,
          usernameIsEmail: info.signIn.usernameIsEmail,
          browserSignIn: info.signIn.external,
          warning: info.warning,
          invitation: invitation !== null,
        },
      };
    } catch (error) {
      return this.#failure(error, invitation?.serverUrl ?? splitPin(serverUrl).address);
    }
  }

  /** The organizations Hearth hosts announce on the local network. */
  findOrganizations(): Promise<FoundOrganization[]> {
    return findOrganizations();
  }

  async join(request: JoinRequest): Promise<FormResult> {
    try {
      let signedIn: SignInResult;
      if (request.method === 'zuliprc') {
        const rc = parseZuliprc(request.zuliprc);
        requireCleartextChoice(rc.site, 'API key', request.sendUnencrypted);
        const pin = this.#pinOf(rc.site);
        const server = await probeServer(rc.site, this.#reach(rc.site, pin));
        signedIn = {
          ...(await signInWithApiKey(server, rc.email, rc.apiKey, {
            keyField: 'zuliprc',
            ...this.#reach(rc.site, pin),
          })),
          certificate: pin,
        };
      } else if (request.method === 'invitation') {
        const invitation = parseInvitationLink(request.link);
        if (!invitation)
          return { ok: false, field: 'serverUrl', message: mt('main.signIn.notInvitation') };
        requireCleartextChoice(invitation.serverUrl, 'password', request.sendUnencrypted);
        const pin = await pinFromLink(this.#network, invitation.serverUrl, invitation.fingerprint);
        const reach = this.#reach(invitation.serverUrl, pin);
        const server = await probeServer(invitation.serverUrl, reach);
        signedIn = {
          ...(await joinWithInvitation(server, invitation.key, request, reach)),
          certificate: pin,
        };
      } else {
        const { address, pin } = await this.#pinFor(request.serverUrl);
        const secret = request.method === 'password' ? 'password' : 'API key';
        requireCleartextChoice(address, secret, request.sendUnencrypted);
        const reach = this.#reach(address, pin);
        const server = await probeServer(address, reach);
        signedIn = {
          ...(request.method === 'password'
            ? await signInWithPassword(server, request.email, request.password, reach)
            : await signInWithApiKey(server, request.email, request.apiKey, reach)),
          certificate: pin,
        };
      }
      return { ok: true, accountId: await this.#adopt(signedIn) };
    } catch (error) {
      return this.#failure(error, joinAddress(request));
    }
  }

  /** A form's failure, with what the person can act on (a certificate to decide on, a proxy's wish). */
  async #failure(error: unknown, address: string | null): Promise<Failure> {
    const shown = failure(error);
    const problem = address === null ? null : await reachProblem(this.#network, error, address);
    return problem ? { ...shown, problem } : shown;
  }

  /**
   * The certificate to trust for a typed address: the one its fingerprint
   * names (checked before anything is sent), else the one pinned for an
   * account here on that server, else none (an authority vouches).
   */
  async #pinFor(typed: string): Promise<{ address: string; pin: CertificatePin | null }> {
    const { address, fingerprint } = splitPin(typed);
    if (fingerprint === null) return { address, pin: this.#pinOf(address) };
    return {
      address,
      pin: await pinFromLink(this.#network, normaliseServerUrl(address), fingerprint),
    };
  }

  /** How to reach a typed address: through the network, checked against the pin when there is one. */
  #reach(address: string, pin: CertificatePin | null): HttpClientOptions {
    return reachThrough(this.#network, pin ? normaliseServerUrl(address) : address, pin);
  }

  /** The certificate pinned for a server an account here already uses, if any. */
  #pinOf(typedUrl: string): CertificatePin | null {
    let serverUrl: string;
    try {
      serverUrl = normaliseServerUrl(typedUrl);
    } catch {
      return null;
    }
    return (
      this.#accounts.all().find((account) => account.serverUrl === serverUrl)?.certificate ?? null
    );
  }
}

/** The server a join request names, as typed. */
function joinAddress(request: JoinRequest): string | null {
  switch (request.method) {
    case 'zuliprc':
      return parseZuliprcSite(request.zuliprc);
    case 'invitation':
      return parseInvitationLink(request.link)?.serverUrl ?? null;
    default:
      return splitPin(request.serverUrl).address;
  }
}

function parseZuliprcSite(text: string): string | null {
  try {
    return parseZuliprc(text).site;
  } catch {
    return null;
  }
}

function failure(error: unknown): Failure {
  if (error instanceof SignInError)
    return { ok: false, field: error.field, message: error.message };
  return {
    ok: false,
    field: 'form',
    message: error instanceof Error ? error.message : String(error),
  };
}
