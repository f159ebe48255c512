// The image formats a window shows from a data: URL and a browser from the
// host, told apart by their first bytes rather than by what the client says
// they are. Never an SVG, whose scripts could run.
const imageTypes: readonly {
  type: string;
  extension: string;
  matches: (data: Buffer) => boolean;
}[] = [
  {
    type: 'image/png',
    extension: '.png',
    matches: (data) => data.subarray(0, 8).toString('hex') === '89504e470d0a1a0a',
  },
  {
    type: 'image/jpeg',
    extension: '.jpg',
    matches: (data) => data.subarray(0, 3).toString('hex') === 'ffd8ff',
  },
  {
    type: 'image/gif',
    extension: '.gif',
    matches: (data) => /^GIF8[79]a/.test(data.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    extension: '.webp',
    matches: (data) =>
      data.subarray(0, 4).toString('latin1') === 'RIFF' &&
      data.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image's type and the extension that goes with it, or undefined for anything else. */
export function sniffImageType(data: Buffer): { type: string; extension: string } | undefined {
  const found = imageTypes.find((candidate) => candidate.matches(data));
  return found && { type: found.type, extension: found.extension };
}
