import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  encodeName,
  encodeRecord,
  parseMessage,
  RecordClass,
  RecordType,
  skipName,
  u16,
  u32,
} from './dnsWire';

// RFC 8945 (TSIG): a dynamic update carries an HMAC of itself under a key the
// DNS server shares, and the server's answer is signed with the same key.

/** The algorithms a TSIG key may name, by the names BIND and nsupdate use. */
export const tsigAlgorithms = {
  'hmac-md5': { wireName: 'hmac-md5.sig-alg.reg.int', hash: 'md5' },
  'hmac-sha1': { wireName: 'hmac-sha1', hash: 'sha1' },
  'hmac-sha224': { wireName: 'hmac-sha224', hash: 'sha224' },
  'hmac-sha256': { wireName: 'hmac-sha256', hash: 'sha256' },
  'hmac-sha384': { wireName: 'hmac-sha384', hash: 'sha384' },
  'hmac-sha512': { wireName: 'hmac-sha512', hash: 'sha512' },
} as const;

export type TsigAlgorithm = keyof typeof tsigAlgorithms;

export interface TsigKey {
  name: string;
  algorithm: TsigAlgorithm;
  /** The shared secret, as BIND's key files write it: base64. */
  secret: string;
}

// RFC 8945's recommended allowance for clocks that disagree.
const FUDGE_SECONDS = 300;

/** RFC 8945's error codes, by the names DNS servers log them under. */
const tsigErrors: Readonly<Record<number, string>> = {
  16: 'BADSIG',
  17: 'BADKEY',
  18: 'BADTIME',
  22: 'BADTRUNC',
};

export const tsigErrorName = (code: number): string => tsigErrors[code] ?? `TSIG error ${code}`;

const u48 = (value: number): Buffer => {
  const out = Buffer.alloc(6);
  out.writeUIntBE(value, 0, 6);
  return out;
};

function variables(
  key: TsigKey,
  timeSigned: number,
  fudge: number,
  error: number,
  other: Buffer,
): Buffer {
  return Buffer.concat([
    encodeName(key.name),
    u16(RecordClass.ANY),
    u32(0),
    encodeName(tsigAlgorithms[key.algorithm].wireName),
    u48(timeSigned),
    u16(fudge),
    u16(error),
    u16(other.length),
    other,
  ]);
}

const hmac = (key: TsigKey) =>
  createHmac(tsigAlgorithms[key.algorithm].hash, Buffer.from(key.secret, 'base64'));

/** `message` with its TSIG record added, and the MAC its answer's signature builds on. */
export function signMessage(
  message: Buffer,
  key: TsigKey,
  nowSeconds: number,
): { signed: Buffer; mac: Buffer } {
  const mac = hmac(key)
    .update(message)
    .update(variables(key, nowSeconds, FUDGE_SECONDS, 0, Buffer.alloc(0)))
    .digest();
  const data = Buffer.concat([
    encodeName(tsigAlgorithms[key.algorithm].wireName),
    u48(nowSeconds),
    u16(FUDGE_SECONDS),
    u16(mac.length),
    mac,
    u16(message.readUInt16BE(0)),
    u16(0),
    u16(0),
  ]);
  const signed = Buffer.concat([
    message,
    encodeRecord(key.name, RecordType.TSIG, RecordClass.ANY, 0, data),
  ]);
  signed.writeUInt16BE(message.readUInt16BE(10) + 1, 10);
  return { signed, mac };
}

/** What an answer's TSIG record says: unsigned, a TSIG error, or signed (correctly or not). */
export type AnswerSignature =
  { kind: 'unsigned' } | { kind: 'error'; error: string } | { kind: 'signed'; valid: boolean };

/** Reads and checks the signature of `answer` to a request whose MAC was `requestMac`. */
export function answerSignature(answer: Buffer, key: TsigKey, requestMac: Buffer): AnswerSignature {
  const parsed = parseMessage(answer);
  const record = parsed.additional.at(-1);
  if (record?.type !== RecordType.TSIG) return { kind: 'unsigned' };
  let at = skipName(answer, record.dataStart);
  const timeSigned = answer.readUIntBE(at, 6);
  const fudge = answer.readUInt16BE(at + 6);
  at += 8;
  const macLength = answer.readUInt16BE(at);
  const mac = answer.subarray(at + 2, at + 2 + macLength);
  at += 2 + macLength;
  const originalId = answer.readUInt16BE(at);
  const error = answer.readUInt16BE(at + 2);
  const other = answer.subarray(at + 6, at + 6 + answer.readUInt16BE(at + 4));
  if (error !== 0) return { kind: 'error', error: tsigErrorName(error) };
  if (record.name !== key.name.toLowerCase().replace(/\.$/, '')) {
    return { kind: 'signed', valid: false };
  }
  const unsigned = Buffer.from(answer.subarray(0, record.start));
  unsigned.writeUInt16BE(originalId, 0);
  unsigned.writeUInt16BE(parsed.counts[3] - 1, 10);
  const expected = hmac(key)
    .update(u16(requestMac.length))
    .update(requestMac)
    .update(unsigned)
    .update(variables(key, timeSigned, fudge, error, other))
    .digest();
  return {
    kind: 'signed',
    valid: expected.length === mac.length && timingSafeEqual(expected, mac),
  };
}
