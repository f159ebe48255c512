import formbody from '@fastify/formbody';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Context } from './context';
import { Org, seatNames, type SeatName } from './org';
import { readMultipart } from './multipart';
import { Queues } from './queues';
import { addRoutes } from './routes';
import { documentedFeatureLevel, documentedZulipVersion } from './source';
import { seedZulip7, speakZulip7, zulip7FeatureLevel, zulip7Version, Zulip7Queues } from './zulip7';

export { zulipMergeBase, zulipSource, documentedFeatureLevel } from './source';

export interface DoubleOptions {
  /** The level the double reports; its answers stay those of the documented level. */
  featureLevel?: number;
  /** How long a long-poll waits before answering with a heartbeat; Zulip's is about a minute. */
  heartbeatMs?: number;
  /** The server's max_file_upload_size_mib, 25 as documented unless a test needs a smaller one. */
  maxFileUploadSizeMib?: number;
  /** '7.0': answer as Zulip 7.0 (feature level 185) does, as `zulip7/` reads its documentation. */
  zulipVersion?: '7.0';
}

export interface Seat {
  id: number;
  email: string;
  apiKey: string;
  password: string;
  fullName: string;
}

/** A running modern Zulip double: where it listens, who it knows, and its IDs by name. */
export interface ZulipDouble {
  url: string;
  users: Record<SeatName, Seat>;
  groups: {
    owners: number;
    administrators: number;
    moderators: number;
    fullMembers: number;
    members: number;
    everyone: number;
    internet: number;
    nobody: number;
    /** User-defined: King Hamlet. */
    hamletCharacters: number;
    /** User-defined: Shiva, and hamletCharacters as a subgroup. */
    movers: number;
  };
  /** A 7.0 double has neither Rome (archived) nor the folder: 7.0 had no such things. */
  streams: { denmark: number; scotland: number; verona: number; rome: number };
  channelFolders: { frontend: number };
  /** The organization's state, for a test to look at; change it only through HTTP. */
  org: Org;
  close(): Promise<void>;
}

/** Starts the double on 127.0.0.1 at a free port, seeded from the documented examples. */
export async function startZulipDouble(options: DoubleOptions = {}): Promise<ZulipDouble> {
  // A test's clients may keep connections open (keep-alive, an abandoned long-poll): closing ends them.
  const app = Fastify({ forceCloseConnections: true });
  await app.register(formbody);
  const maxUploadMib = options.maxFileUploadSizeMib ?? 25;
  // Zulip reads any endpoint's parameters from a multipart body too (zulip-js
  // sends every POST so). Bodies are read whole, and a little past the upload
  // limit, so that the double itself refuses a file that is too large, in Zulip's words.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: (maxUploadMib + 1) * 1024 * 1024 },
    (request: FastifyRequest, body: Buffer) =>
      readMultipart(body, request.headers['content-type'] ?? ''),
  );
  // The organization needs the address, which exists only once the server listens.
  const ready: { context?: Context } = {};
  const current = (): Context => {
    if (!ready.context) throw new Error('the double is not listening yet');
    return ready.context;
  };
  const zulip7 = options.zulipVersion === '7.0';
  if (zulip7) speakZulip7(app, current);
  addRoutes(app, current);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = address.replace('localhost', '127.0.0.1');
  const org = zulip7
    ? new Org(url, zulip7FeatureLevel, zulip7Version)
    : new Org(url, options.featureLevel ?? documentedFeatureLevel, documentedZulipVersion);
  if (zulip7) seedZulip7(org);
  org.realm.max_file_upload_size_mib = maxUploadMib;
  const heartbeatMs = options.heartbeatMs ?? 50_000;
  const queues = zulip7 ? new Zulip7Queues(heartbeatMs, () => org) : new Queues(heartbeatMs);
  ready.context = { org, queues, now: () => Math.floor(Date.now() / 1000) };
  const users = Object.fromEntries(
    seatNames.map((name) => {
      const seat = org.seats[name];
      return [
        name,
        {
          id: seat.user.user_id,
          email: seat.user.email,
          apiKey: seat.apiKey,
          password: seat.password,
          fullName: seat.user.full_name,
        },
      ];
    }),
  ) as Record<SeatName, Seat>;
  return {
    url,
    users,
    groups: {
      owners: 11,
      administrators: 12,
      moderators: 13,
      fullMembers: 14,
      members: 15,
      everyone: 16,
      internet: 17,
      nobody: 18,
      hamletCharacters: 30,
      movers: 31,
    },
    streams: { denmark: 1, scotland: 3, verona: 5, rome: 7 },
    channelFolders: { frontend: 1 },
    org,
    async close() {
      queues.closeAll();
      await app.close();
    },
  };
}
