/** Zulip's error answer: `{result: 'error', msg, code}` plus context fields, with its HTTP status. */
export class ZulipError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { result: 'error', msg: this.message, code: this.code, ...this.extra };
  }
}

// JsonableError's default: Zulip answers 400 BAD_REQUEST unless a more specific code applies.
export const badRequest = (msg: string, extra: Record<string, unknown> = {}) =>
  new ZulipError(400, 'BAD_REQUEST', msg, extra);

export const missingArgument = (name: string) =>
  new ZulipError(400, 'REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, {
    var_name: name,
  });

export const invalidArgument = (name: string) =>
  new ZulipError(400, 'BAD_REQUEST', `Invalid ${name}`, { var_name: name });

export const unauthorized = (msg: string) => new ZulipError(401, 'UNAUTHORIZED', msg);

export const badEventQueue = (queueId: string) =>
  new ZulipError(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, {
    queue_id: queueId,
  });

export const invalidMessage = () => badRequest('Invalid message(s)');

export const noSuchChannelId = (id: number) =>
  new ZulipError(400, 'STREAM_DOES_NOT_EXIST', `Channel with ID '${id}' does not exist`, {
    stream: String(id),
  });

export const noSuchChannelName = (name: string) =>
  new ZulipError(400, 'STREAM_DOES_NOT_EXIST', `Channel '${name}' does not exist`, {
    stream: name,
  });

export const insufficientPermission = () => badRequest('Insufficient permission');

// Zulip's require_realm_admin and require_realm_owner refuse with this code.
export const mustBeAdmin = () =>
  new ZulipError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');

export const mustBeOwner = () =>
  new ZulipError(400, 'UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');

export const invalidChannelId = () => badRequest('Invalid channel ID');

export const noSuchUser = () => badRequest('No such user');

export const notForGuests = () => badRequest('Not allowed for guest users');

export const userDeactivated = () =>
  new ZulipError(401, 'USER_DEACTIVATED', 'Account is deactivated');
