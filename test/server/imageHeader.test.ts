import { describe, expect, it } from 'vitest';
import { imageHeader } from '../../src-main/server/queries/imageHeader';
import { animationFrame, gif, jpeg, pngHeader, u16le, webp } from '../helpers/imageBytes';
import { solidPng } from '../helpers/uploads';

// The sizes Zulip's ImageAttachment records, as libvips reads each format's
// header: the size as shown, and whether it moves.

describe("an uploaded image's header", () => {
  it('gives the size of a PNG', () => {
    expect(imageHeader(solidPng(8, [1, 2, 3]))).toEqual({ width: 8, height: 8, frames: 1 });
  });

  it('counts the frames of a GIF, so that one that moves is known', () => {
    expect(imageHeader(gif(64, 48, 1))).toEqual({ width: 64, height: 48, frames: 1 });
    expect(imageHeader(gif(64, 48, 2))).toEqual({ width: 64, height: 48, frames: 2 });
  });

  it('gives a JPEG its size as shown, turned by its EXIF orientation', () => {
    expect(imageHeader(jpeg(400, 300))).toEqual({ width: 400, height: 300, frames: 1 });
    expect(imageHeader(jpeg(400, 300, 3))).toEqual({ width: 400, height: 300, frames: 1 });
    expect(imageHeader(jpeg(400, 300, 6))).toEqual({ width: 300, height: 400, frames: 1 });
  });

  it('reads lossy, lossless and extended WebP, animated or not', () => {
    const lossy = Buffer.concat([Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a]), u16le(320), u16le(240)]);
    expect(imageHeader(webp('VP8 ', lossy))).toEqual({ width: 320, height: 240, frames: 1 });
    // 14 bits of width less one, then 14 of height less one: 5 by 3.
    const lossless = Buffer.from([0x2f, 0x04, 0x80, 0x00, 0x00]);
    expect(imageHeader(webp('VP8L', lossless))).toEqual({ width: 5, height: 3, frames: 1 });
    const canvas = Buffer.from([0x02, 0, 0, 0, 99, 0, 0, 49, 0, 0]);
    expect(imageHeader(webp('VP8X', canvas, [animationFrame, animationFrame]))).toEqual({
      width: 100,
      height: 50,
      frames: 2,
    });
  });

  it("refuses what libvips would not open: other bytes, a cut-off header, one past Zulip's limits", () => {
    expect(imageHeader(Buffer.from('%PDF-1.7 not a picture'))).toBeNull();
    expect(imageHeader(jpeg(400, 300).subarray(0, 24))).toBeNull();
    expect(imageHeader(pngHeader(9_000, 9_000))).toEqual({
      width: 9_000,
      height: 9_000,
      frames: 1,
    });
    expect(imageHeader(pngHeader(10_000, 10_000))).toBeNull();
    expect(imageHeader(gif(4_000, 4_000, 2))).toBeNull();
  });
});
