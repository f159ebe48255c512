// Images written byte by byte, to read their headers as libvips would:
// only what each format's header holds, and a frame or two of data.

const u16be = (value: number) => Buffer.from([value >> 8, value & 0xff]);
export const u16le = (value: number) => Buffer.from([value & 0xff, value >> 8]);
const u32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr]);
}

export function gif(width: number, height: number, frames: number): Buffer {
  const frame = Buffer.concat([
    // A graphic control extension, then the frame: its descriptor and one block of data.
    Buffer.from([0x21, 0xf9, 0x04, 0, 10, 0, 0, 0]),
    Buffer.from([0x2c, 0, 0, 0, 0]),
    u16le(width),
    u16le(height),
    Buffer.from([0, 2, 1, 0, 0]),
  ]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    u16le(width),
    u16le(height),
    // A global colour table of two colours.
    Buffer.from([0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
    ...Array<Buffer>(frames).fill(frame),
    Buffer.from([0x3b]),
  ]);
}

export function jpeg(width: number, height: number, orientation?: number): Buffer {
  const segment = (marker: number, data: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);
  const exif =
    orientation === undefined
      ? []
      : [
          segment(
            0xe1,
            Buffer.concat([
              Buffer.from('Exif\0\0MM', 'latin1'),
              Buffer.from([0, 42, 0, 0, 0, 8, 0, 1]),
              Buffer.from([0x01, 0x12, 0, 3, 0, 0, 0, 1]),
              u16be(orientation),
              Buffer.from([0, 0]),
            ]),
          ),
        ];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    ...exif,
    segment(0xc0, Buffer.concat([Buffer.from([8]), u16be(height), u16be(width), Buffer.alloc(10)])),
  ]);
}

export function webp(chunk: string, data: Buffer, after: Buffer[] = []): Buffer {
  const body = Buffer.concat([Buffer.from(chunk, 'latin1'), u32le(data.length), data, ...after]);
  return Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    u32le(body.length + 4),
    Buffer.from('WEBP', 'latin1'),
    body,
  ]);
}

export const animationFrame = Buffer.concat([
  Buffer.from('ANMF', 'latin1'),
  u32le(16),
  Buffer.alloc(16),
]);
