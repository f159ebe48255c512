import type { ProxyFailure } from '../network/proxyError';

/** The form field a sign-in failure belongs to, so the window can show it beside that field. */
export type SignInField =
  | 'serverUrl'
  | 'email'
  | 'password'
  | 'apiKey'
  | 'zuliprc'
  | 'fullName'
  /** The choice to send a password or key over plain http to another computer. */
  | 'unencrypted';

export type SignInErrorKind =
  | 'invalid-input'
  /** Plain http to another computer, and the person did not choose to send their secret so. */
  | 'cleartext'
  | 'unreachable'
  | 'proxy'
  | 'tls'
  | 'not-zulip'
  | 'no-organization'
  | 'too-old'
  | 'bad-credentials'
  | 'deactivated'
  | 'realm-deactivated'
  | 'rate-limited'
  | 'rejected';

/** Why a server could not be reached at all. */
export type UnreachableReason = 'dns' | 'refused' | 'timeout' | 'network';

/** Why a server's certificate was not trusted. */
export type TlsReason =
  | 'self-signed'
  | 'expired'
  | 'not-yet-valid'
  | 'hostname-mismatch'
  | 'unknown-ca'
  | 'revoked'
  | 'handshake'
  /** Another certificate than the one pinned, or than the one an invitation link names. */
  | 'changed';

export interface SignInErrorDetails {
  reason?: UnreachableReason | TlsReason | ProxyFailure;
  /** For `rate-limited`: how long the server asked us to wait. */
  retryAfterSeconds?: number;
}

/** Every way joining an organization can fail, worded for the person at the form. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  readonly reason: UnreachableReason | TlsReason | ProxyFailure | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: SignInErrorKind,
    message: string,
    readonly field: SignInField,
    details: SignInErrorDetails = {},
    options: ErrorOptions = {},
  ) {
    super(message, options);
    this.reason = details.reason;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
