import { isIP } from 'node:net';

// RFC 1035's wire format, as far as a dynamic update and its answer need it.

export const RecordType = { A: 1, TXT: 16, AAAA: 28, SOA: 6, TSIG: 250 } as const;
export const RecordClass = { IN: 1, NONE: 254, ANY: 255 } as const;

/** A DNS name in canonical wire form: lower case, uncompressed, ending at the root. */
export function encodeName(name: string): Buffer {
  const trimmed = name.endsWith('.') ? name.slice(0, -1) : name;
  const labels = trimmed === '' ? [] : trimmed.toLowerCase().split('.');
  const parts: Buffer[] = [];
  for (const label of labels) {
    const bytes = Buffer.from(label, 'ascii');
    if (bytes.length === 0 || bytes.length > 63) throw new Error(`'${name}' is not a DNS name`);
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  parts.push(Buffer.from([0]));
  const encoded = Buffer.concat(parts);
  if (encoded.length > 255) throw new Error(`'${name}' is longer than a DNS name may be`);
  return encoded;
}

export const u16 = (value: number): Buffer => {
  const out = Buffer.alloc(2);
  out.writeUInt16BE(value);
  return out;
};

export const u32 = (value: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
};

/** One resource record, its data already in wire form. */
export function encodeRecord(
  name: string,
  type: number,
  recordClass: number,
  ttl: number,
  data: Buffer,
): Buffer {
  return Buffer.concat([
    encodeName(name),
    u16(type),
    u16(recordClass),
    u32(ttl),
    u16(data.length),
    data,
  ]);
}

function ipv6Bytes(address: string): Buffer {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  let words = groups(head);
  if (tail !== undefined) {
    const back = groups(tail);
    words = [...words, ...Array<string>(8 - words.length - back.length).fill('0'), ...back];
  }
  const out = Buffer.alloc(16);
  words.forEach((word, index) => out.writeUInt16BE(parseInt(word, 16), index * 2));
  return out;
}

/** The record data of an A record (an IPv4 address), an AAAA record (IPv6) or a TXT record. */
export function recordData(type: 'A' | 'AAAA' | 'TXT', value: string): Buffer {
  if (type === 'A') {
    if (isIP(value) !== 4) throw new Error(`'${value}' is not an IPv4 address`);
    return Buffer.from(value.split('.').map(Number));
  }
  if (type === 'AAAA') {
    if (isIP(value) !== 6 || value.includes('.')) {
      throw new Error(`'${value}' is not an IPv6 address`);
    }
    return ipv6Bytes(value);
  }
  // A TXT record is a run of strings of at most 255 bytes each.
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0) return Buffer.from([0]);
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 255) {
    const piece = bytes.subarray(start, start + 255);
    parts.push(Buffer.from([piece.length]), piece);
  }
  return Buffer.concat(parts);
}

/** Where a name in a message ends, following RFC 1035's compression pointers only to read past them. */
export function skipName(message: Buffer, offset: number): number {
  let at = offset;
  for (;;) {
    const length = message.readUInt8(at);
    if (length === 0) return at + 1;
    if ((length & 0xc0) === 0xc0) return at + 2;
    at += 1 + length;
  }
}

/** A name as written at `offset` (pointers followed), lower case, without the final dot. */
export function readName(message: Buffer, offset: number): string {
  const labels: string[] = [];
  let at = offset;
  for (let jumps = 0; jumps < 64;) {
    const length = message.readUInt8(at);
    if (length === 0) return labels.join('.').toLowerCase();
    if ((length & 0xc0) === 0xc0) {
      at = message.readUInt16BE(at) & 0x3fff;
      jumps++;
      continue;
    }
    labels.push(message.toString('ascii', at + 1, at + 1 + length));
    at += 1 + length;
  }
  throw new Error('a DNS name in the answer loops');
}

export interface ParsedRecord {
  name: string;
  type: number;
  recordClass: number;
  ttl: number;
  /** Where the record starts in the message. */
  start: number;
  dataStart: number;
  end: number;
}

export interface ParsedMessage {
  id: number;
  flags: number;
  counts: [number, number, number, number];
  /** The records of the last section (the additional one), where TSIG is. */
  additional: ParsedRecord[];
}

/** The header and the additional section of a DNS message. */
export function parseMessage(message: Buffer): ParsedMessage {
  if (message.length < 12) throw new Error('the DNS answer is shorter than its header');
  const counts: [number, number, number, number] = [
    message.readUInt16BE(4),
    message.readUInt16BE(6),
    message.readUInt16BE(8),
    message.readUInt16BE(10),
  ];
  let at = 12;
  for (let index = 0; index < counts[0]; index++) at = skipName(message, at) + 4;
  const additional: ParsedRecord[] = [];
  const records = counts[1] + counts[2] + counts[3];
  for (let index = 0; index < records; index++) {
    const start = at;
    const afterName = skipName(message, at);
    const length = message.readUInt16BE(afterName + 8);
    const record: ParsedRecord = {
      name: readName(message, start),
      type: message.readUInt16BE(afterName),
      recordClass: message.readUInt16BE(afterName + 2),
      ttl: message.readUInt32BE(afterName + 4),
      start,
      dataStart: afterName + 10,
      end: afterName + 10 + length,
    };
    if (record.end > message.length) throw new Error('a DNS record runs past the answer');
    if (index >= counts[1] + counts[2]) additional.push(record);
    at = record.end;
  }
  return { id: message.readUInt16BE(0), flags: message.readUInt16BE(2), counts, additional };
}
