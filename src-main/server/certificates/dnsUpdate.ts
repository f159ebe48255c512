import { randomInt } from 'node:crypto';
import { connect } from 'node:net';
import {
  encodeName,
  encodeRecord,
  parseMessage,
  RecordClass,
  RecordType,
  recordData,
  u16,
} from './dnsWire';
import { answerSignature, signMessage, type TsigKey } from './tsig';

// RFC 2136 dynamic updates, signed with a TSIG key, over TCP: what BIND,
// Knot, PowerDNS and many DNS providers take to change a zone's records.

/** A DNS server that takes signed updates for a zone. */
export interface DnsUpdateServer {
  /** Its address or name, and its port (53 unless the owner says otherwise). */
  host: string;
  port: number;
  /** The zone the updated names are in, as the server's configuration names it. */
  zone: string;
  key: TsigKey;
}

export type UpdatedType = 'A' | 'AAAA' | 'TXT';

/** One change of a zone: `set` puts exactly `values` in place of what the name had of that type. */
export type RecordChange =
  | { kind: 'set'; name: string; type: UpdatedType; ttl: number; values: readonly string[] }
  | { kind: 'add'; name: string; type: UpdatedType; ttl: number; value: string }
  | { kind: 'remove'; name: string; type: UpdatedType; value: string };

/** RFC 1035 and RFC 2136's answer codes, by the names DNS servers log them under. */
const rcodes: Readonly<Record<number, string>> = {
  1: 'FORMERR',
  2: 'SERVFAIL',
  3: 'NXDOMAIN',
  4: 'NOTIMP',
  5: 'REFUSED',
  6: 'YXDOMAIN',
  7: 'YXRRSET',
  8: 'NXRRSET',
  9: 'NOTAUTH',
  10: 'NOTZONE',
};

/** Why a DNS server did not make a change, in its own words where it gave any. */
export class DnsUpdateError extends Error {
  constructor(
    /** The server's answer code (REFUSED, NOTAUTH…), a TSIG error, or `unreachable` / `timeout` / `unsigned`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const OPCODE_UPDATE = 5;

// RFC 2136 §2.5.1: a record of class IN is added to its set.
const addition = (name: string, type: UpdatedType, ttl: number, value: string): Buffer =>
  encodeRecord(name, RecordType[type], RecordClass.IN, ttl, recordData(type, value));

function updateMessage(server: DnsUpdateServer, changes: readonly RecordChange[]): Buffer {
  const updates: Buffer[] = [];
  for (const change of changes) {
    const type = RecordType[change.type];
    if (change.kind === 'set') {
      // §2.5.2: class ANY, no data, deletes the whole set first.
      updates.push(encodeRecord(change.name, type, RecordClass.ANY, 0, Buffer.alloc(0)));
      for (const value of change.values) {
        updates.push(addition(change.name, change.type, change.ttl, value));
      }
    } else if (change.kind === 'add') {
      updates.push(addition(change.name, change.type, change.ttl, change.value));
    } else {
      // §2.5.4: class NONE deletes the one record with this data.
      updates.push(
        encodeRecord(change.name, type, RecordClass.NONE, 0, recordData(change.type, change.value)),
      );
    }
  }
  const header = Buffer.concat([
    u16(randomInt(0x10000)),
    u16(OPCODE_UPDATE << 11),
    u16(1),
    u16(0),
    u16(updates.length),
    u16(0),
  ]);
  const zone = Buffer.concat([encodeName(server.zone), u16(RecordType.SOA), u16(RecordClass.IN)]);
  return Buffer.concat([header, zone, ...updates]);
}

function exchange(server: DnsUpdateServer, message: Buffer, timeoutMs: number): Promise<Buffer> {
  const where = `${server.host}:${server.port}`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: server.host, port: server.port });
    let received = Buffer.alloc(0);
    const fail = (error: DnsUpdateError) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(
        new DnsUpdateError(
          'timeout',
          `the DNS server ${where} did not answer in ${timeoutMs / 1000} s`,
        ),
      ),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        new DnsUpdateError(
          'unreachable',
          `the DNS server ${where} cannot be reached: ${error.code ?? error.message}`,
        ),
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (received.length < 2) return;
      const length = received.readUInt16BE(0);
      if (received.length < 2 + length) return;
      socket.destroy();
      resolve(received.subarray(2, 2 + length));
    });
    socket.on('end', () =>
      fail(
        new DnsUpdateError(
          'unreachable',
          `the DNS server ${where} closed the connection without an answer`,
        ),
      ),
    );
    socket.write(Buffer.concat([u16(message.length), message]));
  });
}

/**
 * Makes `changes` in the server's zone, all or none (RFC 2136 applies an
 * update as one), and resolves once the server has said it made them under a
 * signature of the same key.
 */
export async function updateRecords(
  server: DnsUpdateServer,
  changes: readonly RecordChange[],
  timeoutMs = 10_000,
): Promise<void> {
  const { signed, mac } = signMessage(
    updateMessage(server, changes),
    server.key,
    Math.floor(Date.now() / 1000),
  );
  const answer = await exchange(server, signed, timeoutMs);
  const parsed = parseMessage(answer);
  const where = `${server.host}:${server.port}`;
  if (parsed.id !== signed.readUInt16BE(0) || (parsed.flags & 0x8000) === 0) {
    throw new DnsUpdateError('FORMERR', `the DNS server ${where} answered another question`);
  }
  const rcode = parsed.flags & 0x000f;
  const signature = answerSignature(answer, server.key, mac);
  const said = rcode === 0 ? 'NOERROR' : (rcodes[rcode] ?? `RCODE ${rcode}`);
  if (signature.kind === 'error') {
    throw new DnsUpdateError(
      signature.error,
      `the DNS server ${where} refused the key '${server.key.name}': ${said}, ${signature.error}`,
    );
  }
  if (rcode !== 0) {
    throw new DnsUpdateError(
      said,
      `the DNS server ${where} refused the update of ${server.zone}: ${said}`,
    );
  }
  if (signature.kind === 'unsigned' || !signature.valid) {
    throw new DnsUpdateError(
      'unsigned',
      `the DNS server ${where} answered without the signature of the key '${server.key.name}'`,
    );
  }
}
