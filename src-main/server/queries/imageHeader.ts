/** An image as Zulip's ImageAttachment describes it: its size as shown, and how many frames it has. */
export interface ImageHeader {
  width: number;
  height: number;
  /** Counted up to three, which is all Zulip's limits look at. */
  frames: number;
}

// Zulip's IMAGE_BOMB_TOTAL_PIXELS, and the share of it an animation may spend
// on its first three frames: an image past them is not previewed.
const maxStillPixels = 90_000_000;
const maxAnimatedPixels = maxStillPixels / 3;
const framesCounted = 3;

const ascii = (bytes: Buffer, at: number, length: number) =>
  bytes.toString('latin1', at, at + length);

function png(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  // libvips reads a PNG's first frame only, so Zulip counts an APNG as still.
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), frames: 1 };
}

/** The sub-blocks of a GIF that start at `at`, skipped: where the next block starts. */
function afterSubBlocks(bytes: Buffer, at: number): number {
  let position = at;
  while (position < bytes.length) {
    const size = bytes[position] ?? 0;
    position += 1 + size;
    if (size === 0) break;
  }
  return position;
}

const colorTableBytes = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);

function gif(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 13) return null;
  let frames = 0;
  let position = 13 + colorTableBytes(bytes[10] ?? 0);
  while (position < bytes.length && frames < framesCounted) {
    const block = bytes[position];
    if (block === 0x21) {
      position = afterSubBlocks(bytes, position + 2);
    } else if (block === 0x2c) {
      frames += 1;
      position += 10 + colorTableBytes(bytes[position + 9] ?? 0);
      position = afterSubBlocks(bytes, position + 1);
    } else {
      break;
    }
  }
  return {
    width: bytes.readUInt16LE(6),
    height: bytes.readUInt16LE(8),
    frames: Math.max(frames, 1),
  };
}

/** The EXIF orientation in an APP1 segment's data, or 1. */
function exifOrientation(bytes: Buffer, start: number, end: number): number {
  if (ascii(bytes, start, 6) !== 'Exif\0\0') return 1;
  const tiff = start + 6;
  if (tiff + 8 > end) return 1;
  const little = ascii(bytes, tiff, 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const directory = tiff + u32(tiff + 4);
  if (directory + 2 > end) return 1;
  const entries = u16(directory);
  for (let index = 0; index < entries; index++) {
    const entry = directory + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}

// The start-of-frame markers that carry the image's size: all SOFn but DHT, JPG and DAC.
const startOfFrame = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpeg(bytes: Buffer): ImageHeader | null {
  let orientation = 1;
  let position = 2;
  while (position + 4 <= bytes.length) {
    if (bytes[position] !== 0xff) return null;
    const marker = bytes[position + 1] ?? 0;
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    const length = bytes.readUInt16BE(position + 2);
    if (marker === 0xe1) orientation = exifOrientation(bytes, position + 4, position + 2 + length);
    if (startOfFrame.has(marker)) {
      if (position + 9 > bytes.length) return null;
      const height = bytes.readUInt16BE(position + 5);
      const width = bytes.readUInt16BE(position + 7);
      // Zulip gives the size as shown: orientations 5 to 8 turn the image a quarter.
      const turned = orientation >= 5 && orientation <= 8;
      return turned ? { width: height, height: width, frames: 1 } : { width, height, frames: 1 };
    }
    position += 2 + length;
  }
  return null;
}

function webpFrames(bytes: Buffer): number {
  let frames = 0;
  let position = 30;
  while (position + 8 <= bytes.length && frames < framesCounted) {
    if (ascii(bytes, position, 4) === 'ANMF') frames += 1;
    const size = bytes.readUInt32LE(position + 4);
    position += 8 + size + (size % 2);
  }
  return Math.max(frames, 1);
}

function webp(bytes: Buffer): ImageHeader | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') {
    return {
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
      frames: 1,
    };
  }
  if (chunk === 'VP8L') {
    if (bytes.length < 25) return null;
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = bytes.subarray(21, 25);
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
      frames: 1,
    };
  }
  if (chunk === 'VP8X') {
    const animated = ((bytes[20] ?? 0) & 0x02) !== 0;
    return {
      width: 1 + bytes.readUIntLE(24, 3),
      height: 1 + bytes.readUIntLE(27, 3),
      frames: animated ? webpFrames(bytes) : 1,
    };
  }
  return null;
}

function sniffed(bytes: Buffer): ImageHeader | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return png(bytes);
  }
  const start = ascii(bytes, 0, 6);
  if (start === 'GIF87a' || start === 'GIF89a') return gif(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webp(bytes);
  return null;
}

/**
 * Zulip's maybe_thumbnail, short of thumbnailing: the size and frames of a
 * PNG, GIF, JPEG or WebP from the start of its file, as libvips reads its
 * header, or null when the bytes are no such image or one past Zulip's limits.
 */
export function imageHeader(bytes: Buffer): ImageHeader | null {
  let header: ImageHeader | null;
  try {
    header = sniffed(bytes);
  } catch {
    // A header cut short reads past the bytes: it is not an image libvips would open.
    return null;
  }
  if (!header || header.width === 0 || header.height === 0) return null;
  const pixels = header.width * header.height;
  if (header.frames === 1 ? pixels > maxStillPixels : pixels * header.frames > maxAnimatedPixels) {
    return null;
  }
  return header;
}
