import { ApiError, NetworkError, NotZulipError, ProtocolError } from '../errors';
import { certificateChange } from '../network/certificates';
import { proxyCredentialsMessage, proxyFailure, type ProxyError } from '../network/proxyError';
import {
  SignInError,
  type SignInField,
  type TlsReason,
  type UnreachableReason,
} from './signInError';

export interface FailureContext {
  serverUrl: string;
  /** The field whose value the server judged: the password, the API key or the zuliprc file. */
  credentialField: SignInField;
}

// Node reports certificate failures with OpenSSL's verify codes, and host name
// checks with its own; the cause sits a level or two below fetch's TypeError.
const tlsReasons: Readonly<Record<string, TlsReason>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'hostname-mismatch',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unknown-ca',
  UNABLE_TO_GET_ISSUER_CERT: 'unknown-ca',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknown-ca',
  CERT_UNTRUSTED: 'unknown-ca',
  CERT_REVOKED: 'revoked',
};

// The window offers to trust the certificate for this server only where a
// person could rightly decide to (never for a revoked one): the words say so.
const trustThisOnly = 'trust this certificate for this server only';

/** Why Hearth did not trust the server, and what the person can do about it. */
const tlsMessages: Readonly<Record<TlsReason, string>> = {
  'self-signed':
    'its certificate is self-signed, so nothing vouches for it. If you know the server, compare the certificate’s fingerprint with its administrator and trust it for this server only.',
  expired: `its certificate has expired. Ask its administrator to renew it, or ${trustThisOnly}.`,
  'not-yet-valid': `its certificate is not valid yet. Check this computer’s date and time; if they are right, ask the server’s administrator, or ${trustThisOnly}.`,
  'hostname-mismatch': `its certificate was issued for another name. Check the address; if it is right, ask its administrator, or ${trustThisOnly}.`,
  'unknown-ca': `its certificate was issued by an authority this computer does not trust. If your company has its own authority, install it on this computer (see the README’s troubleshooting), or ${trustThisOnly}.`,
  revoked: 'its certificate has been revoked. Ask its administrator for a new one.',
  handshake:
    'the secure connection could not be set up. Check the address and port: the server may not speak HTTPS there.',
  changed: 'it presented another certificate than the one Hearth trusts for it.',
};

const unreachableReasons: Readonly<Record<string, UnreachableReason>> = {
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  TimeoutError: 'timeout',
};

/** The codes and names along an error's chain of causes, outermost first. */
function causes(error: unknown): string[] {
  const found: string[] = [];
  for (let link: unknown = error; link instanceof Error; link = link.cause) {
    const code = (link as { code?: unknown }).code;
    if (typeof code === 'string') found.push(code);
    found.push(link.name);
  }
  return found;
}

function proxyMessage(error: ProxyError, host: string): string {
  switch (error.failure) {
    case 'unreachable':
      return `The proxy ${error.proxy} could not be reached: check Settings › Network, or ask whoever runs it.`;
    case 'credentials':
      return proxyCredentialsMessage(error.proxy, error.credentialsGiven);
    case 'refused':
      return `The proxy ${error.proxy} refused to connect to ${host}: ask whoever runs it to allow this server.`;
    case 'target-unreachable':
      return `The proxy ${error.proxy} could not reach ${host}: check the address.`;
  }
}

function unreachable(error: NetworkError, host: string): SignInError {
  const proxy = proxyFailure(error);
  if (proxy) {
    return new SignInError(
      'proxy',
      proxyMessage(proxy, host),
      'serverUrl',
      { reason: proxy.failure },
      { cause: error },
    );
  }
  const changed = certificateChange(error);
  if (changed) {
    return new SignInError(
      'tls',
      changed.message,
      'serverUrl',
      { reason: 'changed' },
      { cause: error },
    );
  }
  const codes = causes(error);
  const tls =
    codes.map((code) => tlsReasons[code]).find((reason) => reason !== undefined) ??
    (codes.some((code) => /^ERR_(SSL|TLS)_/.test(code)) ? 'handshake' : undefined);
  if (tls) {
    return new SignInError(
      'tls',
      `Hearth does not trust ${host}: ${tlsMessages[tls]}`,
      'serverUrl',
      { reason: tls },
      { cause: error },
    );
  }
  const reason =
    codes.map((code) => unreachableReasons[code]).find((found) => found !== undefined) ?? 'network';
  const messages: Record<UnreachableReason, string> = {
    dns: `No server is known by the name ${host}: check the address.`,
    refused: `${host} refused the connection: no server is listening at that address and port. Check the address and port.`,
    timeout: `${host} did not answer in time: it may be down or blocked by a firewall; try again later, or check the address.`,
    network: `${host} could not be reached (${error.message}): check this computer’s network connection, then try again.`,
  };
  return new SignInError(
    'unreachable',
    messages[reason],
    'serverUrl',
    { reason },
    { cause: error },
  );
}

// Zulip's codes for the answers a sign-in can get (its REST error-handling
// page); Hearth answers a wrong key with UNAUTHORIZED where Zulip says INVALID_API_KEY.
function rejected(error: ApiError, context: FailureContext, host: string): SignInError {
  const field = context.credentialField;
  switch (error.code) {
    case 'AUTHENTICATION_FAILED':
      return new SignInError('bad-credentials', 'Wrong email or password.', field);
    case 'INVALID_API_KEY':
    case 'UNAUTHORIZED':
      return new SignInError('bad-credentials', 'This API key does not match this email.', field);
    case 'USER_DEACTIVATED':
      return new SignInError('deactivated', 'This account has been deactivated.', 'email');
    case 'REALM_DEACTIVATED':
      return new SignInError(
        'realm-deactivated',
        `The organization at ${host} has been deactivated.`,
        'serverUrl',
      );
    case 'RATE_LIMIT_HIT': {
      const wait = error.retryAfterSeconds;
      const when = wait === undefined ? 'in a little while' : `in ${wait} s`;
      return new SignInError(
        'rate-limited',
        `Too many attempts: try again ${when}.`,
        field,
        wait === undefined ? {} : { retryAfterSeconds: wait },
      );
    }
    default:
      return new SignInError('rejected', `${host} refused: ${error.message}`, field);
  }
}

/** What went wrong talking to a server, as a SignInError for the form. */
export function explainFailure(error: unknown, context: FailureContext): SignInError {
  if (error instanceof SignInError) return error;
  const host = new URL(context.serverUrl).host;
  if (error instanceof ApiError) return rejected(error, context, host);
  if (error instanceof NotZulipError || error instanceof ProtocolError) {
    return new SignInError(
      'not-zulip',
      `${host} answered, but not as a Zulip server: check the address.`,
      'serverUrl',
      {},
      { cause: error },
    );
  }
  if (error instanceof NetworkError) return unreachable(error, host);
  throw error;
}
