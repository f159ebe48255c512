import { connect } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import type { Org, TestUser } from './org';

// The smallest PNG there is: one transparent pixel.
export const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==',
  'base64',
);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A square PNG of one colour, to see in a screenshot. */
export function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array(size).fill([red, green, blue]).flat()),
  ]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(Array(size).fill(row)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FormFile {
  name: string;
  data: Buffer;
}

/** A multipart request with files, as Zulip's clients send uploads, and its JSON answer. */
export async function postFiles(
  org: Org,
  user: TestUser,
  method: 'POST' | 'PATCH',
  path: string,
  files: readonly FormFile[],
  fields: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.name, new Blob([new Uint8Array(file.data)]), `${file.name}.png`);
  const token = Buffer.from(`${user.email}:${user.apiKey}`).toString('base64');
  const response = await fetch(`${org.url}/api/v1${path}`, {
    method,
    headers: { Authorization: `Basic ${token}` },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export interface Part {
  field?: string;
  filename: string;
  type?: string;
  data: Buffer;
}

/** A multipart body written by hand, so that a test can send what no browser would. */
export function multipart(parts: readonly Part[]): { body: Buffer; type: string } {
  const boundary = 'hearthBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        'latin1',
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

/** Sends the headers and half the body of a multipart request, then hangs up. */
export async function sendCutOff(
  org: Org,
  authorization: string,
  path: string,
  parts: readonly Part[],
): Promise<void> {
  const { body, type } = multipart(parts);
  const { port } = new URL(org.url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
          `Content-Type: ${type}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      socket.write(body.subarray(0, body.length / 2), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', reject);
  });
}
