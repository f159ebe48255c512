import { mt, type MainKey } from '../../i18n/mainText';
import { ApiError, NetworkError, NotZulipError, ProtocolError } from '../api/errors';
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

// Why Hearth did not trust the server, and what the person can do about it.
// The window offers to trust the certificate for this server only where a
// person could rightly decide to (never for a revoked one): the words say so.
const tlsMessages: Readonly<Record<TlsReason, MainKey>> = {
  'self-signed': 'main.signIn.tls.selfSigned',
  expired: 'main.signIn.tls.expired',
  'not-yet-valid': 'main.signIn.tls.notYetValid',
  'hostname-mismatch': 'main.signIn.tls.hostnameMismatch',
  'unknown-ca': 'main.signIn.tls.unknownCa',
  revoked: 'main.signIn.tls.revoked',
  handshake: 'main.signIn.tls.handshake',
  changed: 'main.signIn.tls.changed',
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
      return mt('main.proxy.unreachable', { proxy: error.proxy });
    case 'credentials':
      return proxyCredentialsMessage(error.proxy, error.credentialsGiven);
    case 'refused':
      return mt('main.proxy.refused', { proxy: error.proxy, host });
    case 'target-unreachable':
      return mt('main.proxy.targetUnreachable', { proxy: error.proxy, host });
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
      mt(tlsMessages[tls], { host }),
      'serverUrl',
      { reason: tls },
      { cause: error },
    );
  }
  const reason =
    codes.map((code) => unreachableReasons[code]).find((found) => found !== undefined) ?? 'network';
  const messages: Record<UnreachableReason, MainKey> = {
    dns: 'main.signIn.unknownHost',
    refused: 'main.signIn.connectionRefused',
    timeout: 'main.signIn.timedOut',
    network: 'main.signIn.unreachable',
  };
  return new SignInError(
    'unreachable',
    mt(messages[reason], { host, detail: error.message }),
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
      return new SignInError('bad-credentials', mt('main.signIn.wrongPassword'), field);
    case 'INVALID_API_KEY':
    case 'UNAUTHORIZED':
      return new SignInError('bad-credentials', mt('main.signIn.wrongApiKey'), field);
    case 'USER_DEACTIVATED':
      return new SignInError('deactivated', mt('main.signIn.accountDeactivated'), 'email');
    case 'REALM_DEACTIVATED':
      return new SignInError(
        'realm-deactivated',
        mt('main.signIn.realmDeactivated', { host }),
        'serverUrl',
      );
    case 'RATE_LIMIT_HIT': {
      const wait = error.retryAfterSeconds;
      return new SignInError(
        'rate-limited',
        wait === undefined
          ? mt('main.signIn.rateLimited')
          : mt('main.signIn.rateLimitedFor', { seconds: wait }),
        field,
        wait === undefined ? {} : { retryAfterSeconds: wait },
      );
    }
    default:
      return new SignInError(
        'rejected',
        mt('main.signIn.refused', { host, reason: error.message }),
        field,
      );
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
      mt('main.signIn.notZulip', { host }),
      'serverUrl',
      {},
      { cause: error },
    );
  }
  if (error instanceof NetworkError) return unreachable(error, host);
  throw error;
}
