import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sodium from 'libsodium-wrappers';

// A stand-in for Zulip's Mobile Push Notification Service, written from
// Zulip 12.0's documentation of its remotes/ API (register-remote-push-device,
// mobile-notifications) and of what the real service checks: it holds a key
// pair as the service does, opens each phone's sealed registration with it,
// and instead of handing notifications to Apple or Google keeps them for the
// test to read.

/** A notification the service would have handed to FCM or APNs. */
export interface Delivery {
  token: string;
  tokenKind: 'fcm' | 'apns';
  /** The request as the server sent it for this device. */
  request: Record<string, unknown>;
}

interface RemoteDevice {
  token: string;
  kind: 'fcm' | 'apns';
  realmUuid: string;
}

interface RemoteServer {
  key: string;
  hostname: string;
  contactEmail: string;
  realms: Map<string, Record<string, unknown>>;
}

export interface StandInService {
  url: string;
  /** The X25519 public key phones seal registrations to, standard Base64. */
  publicKey: string;
  /** Registered servers by ID. */
  servers: Map<string, RemoteServer>;
  /** Devices by token ID. */
  devices: Map<string, RemoteDevice>;
  deliveries: Delivery[];
  /** Calls received, by path, in order: how a test counts tries. */
  calls: string[];
  /** From now on, each call fails so: `reset` closes the connection, `hang` never answers, a status answers it. */
  failWith(failure: 'reset' | 'hang' | number | null): void;
  /** Closes the connections of the calls left hanging, as a service that restarted would. */
  endHung(): void;
  /** Whether the organization's plan lets the service push for it (Zulip's can_push). */
  canPush: boolean;
  /** Forgets tokens as Apple or Google would report an uninstalled app. */
  forgetToken(tokenId: string): void;
  close(): Promise<void>;
}

const TOKEN_LIVENESS_SECONDS = 24 * 60 * 60;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The first 8 bytes of the token's SHA-256, as a phone names its token to the server. */
export const tokenIdOf = (token: string) =>
  b64(createHash('sha256').update(token).digest().subarray(0, 8));

export async function startStandInService(): Promise<StandInService> {
  await sodium.ready;
  const keys = sodium.crypto_box_keypair();
  const servers = new Map<string, RemoteServer>();
  const devices = new Map<string, RemoteDevice>();
  const deliveries: Delivery[] = [];
  const calls: string[] = [];
  let failure: 'reset' | 'hang' | number | null = null;
  const hung: IncomingMessage[] = [];

  const authenticated = (request: IncomingMessage): RemoteServer => {
    const header = request.headers.authorization ?? '';
    const [id, key] = Buffer.from(header.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':');
    const server = servers.get(id ?? '');
    if (!server) {
      throw new Refusal(401, 'UNAUTHORIZED', `Zulip server auth failure: ${id} is not registered`);
    }
    if (server.key !== key) {
      throw new Refusal(401, 'UNAUTHORIZED', 'Zulip server auth failure: key does not match role');
    }
    return server;
  };

  const realmOf = (server: RemoteServer, uuid: string | null) => {
    if (!uuid || !server.realms.has(uuid)) {
      throw new Refusal(403, 'MISSING_REMOTE_REALM', 'Organization not registered');
    }
    return uuid;
  };

  const routes: Record<string, (request: IncomingMessage, body: string) => object> = {
    'server/register': (_request, body) => {
      const form = new URLSearchParams(body);
      const id = form.get('zulip_org_id') ?? '';
      const key = form.get('zulip_org_key') ?? '';
      const hostname = form.get('hostname') ?? '';
      const contactEmail = form.get('contact_email') ?? '';
      if (!UUID4.test(id)) throw new Refusal(400, 'BAD_REQUEST', 'Invalid UUID');
      if (key.length !== 64) throw new Refusal(400, 'BAD_REQUEST', 'Invalid key');
      if (!hostname || /[/?#]/.test(hostname)) {
        throw new Refusal(400, 'BAD_REQUEST', `${hostname} is not a valid hostname`);
      }
      if (!/^[^@\s]+@[^@\s]+$/.test(contactEmail) || contactEmail.endsWith('@example.com')) {
        throw new Refusal(400, 'BAD_REQUEST', 'Enter a valid email address.');
      }
      const known = servers.get(id);
      if (known && known.key !== key) {
        throw new Refusal(
          401,
          'INVALID_ZULIP_SERVER',
          'Zulip server auth failure: key does not match role',
        );
      }
      const taken = [...servers.entries()].find(
        ([other, s]) => other !== id && s.hostname === hostname,
      );
      if (taken) {
        throw new Refusal(
          400,
          'HOSTNAME_ALREADY_IN_USE_BOUNCER_ERROR',
          `A server with hostname ${hostname} already exists`,
        );
      }
      servers.set(id, { key, hostname, contactEmail, realms: known?.realms ?? new Map() });
      return { created: !known };
    },
    'server/analytics': (request, body) => {
      const server = authenticated(request);
      const realms = JSON.parse(new URLSearchParams(body).get('realms') ?? '[]') as Record<
        string,
        unknown
      >[];
      const answer: Record<string, object> = {};
      for (const realm of realms) {
        if (typeof realm.uuid !== 'string' || !UUID4.test(realm.uuid)) {
          throw new Refusal(400, 'BAD_REQUEST', 'Invalid realm uuid');
        }
        server.realms.set(realm.uuid, realm);
        answer[realm.uuid] = { can_push: stand.canPush, expected_end_timestamp: null };
      }
      return { realms: answer };
    },
    'push/e2ee/register': (request, body) => {
      const server = authenticated(request);
      const form = new URLSearchParams(body);
      const realmUuid = realmOf(server, form.get('realm_uuid'));
      if (form.get('bouncer_public_key') !== b64(keys.publicKey)) {
        throw new Refusal(400, 'INVALID_BOUNCER_PUBLIC_KEY', 'Invalid bouncer_public_key');
      }
      const invalid = () => new Refusal(400, 'BAD_REQUEST', 'Invalid encrypted_push_registration');
      let registration: { token_kind?: unknown; token?: unknown; timestamp?: unknown };
      try {
        const sealed = Buffer.from(form.get('encrypted_push_registration') ?? '', 'base64');
        const opened = sodium.crypto_box_seal_open(sealed, keys.publicKey, keys.privateKey);
        registration = JSON.parse(Buffer.from(opened).toString('utf8')) as typeof registration;
      } catch {
        throw invalid();
      }
      const { token, token_kind: kind, timestamp } = registration;
      if (typeof token !== 'string' || token === '' || (kind !== 'fcm' && kind !== 'apns')) {
        throw invalid();
      }
      if (tokenIdOf(token) !== form.get('token_id')) throw invalid();
      if (typeof timestamp !== 'number' || Date.now() / 1000 - timestamp > TOKEN_LIVENESS_SECONDS) {
        throw new Refusal(400, 'REQUEST_EXPIRED', 'Request expired');
      }
      devices.set(tokenIdOf(token), { token, kind, realmUuid });
      return {};
    },
    'push/e2ee/notify': (request, body) => {
      const server = authenticated(request);
      const sent = JSON.parse(body) as {
        realm_uuid?: string;
        push_requests?: Record<string, unknown>[];
      };
      const realmUuid = realmOf(server, sent.realm_uuid ?? null);
      const dead: string[] = [];
      let android = 0;
      let apple = 0;
      for (const pushRequest of sent.push_requests ?? []) {
        const tokenId = String(pushRequest.token_id);
        const device = devices.get(tokenId);
        if (!device || device.realmUuid !== realmUuid) {
          dead.push(tokenId);
          continue;
        }
        deliveries.push({ token: device.token, tokenKind: device.kind, request: pushRequest });
        if (device.kind === 'fcm') android++;
        else apple++;
      }
      return {
        android_successfully_sent_count: android,
        apple_successfully_sent_count: apple,
        delete_token_ids: dead,
        realm_push_status: { can_push: stand.canPush, expected_end_timestamp: null },
      };
    },
  };

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = (request.url ?? '').replace(/^\/api\/v1\/remotes\//, '');
      calls.push(path);
      if (failure === 'reset') {
        request.socket.destroy();
        return;
      }
      if (failure === 'hang') {
        hung.push(request);
        return;
      }
      if (failure !== null) {
        // The service's own failure, or a refusal as its plans refuse.
        answer(
          response,
          failure,
          failure >= 500
            ? { result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }
            : {
                result: 'error',
                msg: 'Your plan does not include push notifications.',
                code: 'PUSH_NOTIFICATIONS_DISALLOWED',
              },
        );
        return;
      }
      const route = request.method === 'POST' ? routes[path] : undefined;
      if (!route) {
        answer(response, 404, { result: 'error', msg: 'Not Found', code: 'BAD_REQUEST' });
        return;
      }
      try {
        answer(response, 200, { result: 'success', msg: '', ...route(request, body) });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        answer(response, error.status, { result: 'error', msg: error.message, code: error.code });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stand: StandInService = {
    url: `http://127.0.0.1:${port}`,
    publicKey: b64(keys.publicKey),
    servers,
    devices,
    deliveries,
    calls,
    canPush: true,
    failWith: (next) => {
      failure = next;
    },
    endHung: () => {
      for (const request of hung.splice(0)) request.socket.destroy();
    },
    forgetToken: (tokenId) => {
      devices.delete(tokenId);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}
