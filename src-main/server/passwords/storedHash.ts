/** scrypt's work factors: N = 2^ln, block size r, parallelism p. */
export interface ScryptCost {
  ln: number;
  r: number;
  p: number;
}

/** OWASP's Password Storage Cheat Sheet: N = 2^17, r = 8, p = 1 (128 MiB a hash). */
export const owaspCost: ScryptCost = { ln: 17, r: 8, p: 1 };

// Hearth stored `scrypt$salt$hash` before it wrote the cost beside each hash;
// those were made at Node's defaults.
const unlabelledCost: ScryptCost = { ln: 14, r: 8, p: 1 };

export interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

/**
 * The memory OpenSSL allocates for scrypt at `cost`, which Node's `maxmem`
 * is checked against: the block B (128·r·p bytes) and the table V with its
 * scratch blocks (128·r·(N + 2) bytes).
 */
export const scryptMemory = (cost: ScryptCost): number =>
  128 * cost.r * (2 ** cost.ln + 2 + cost.p);

// A hash that would take more work (and memory) than eight times OWASP's is
// none this host wrote: a damaged or foreign row must not make a login
// allocate gigabytes or run for minutes.
const MAX_WORK = 2 ** 20 * 8;
const MIN_BYTES = 16;

export function formatHash({ cost, salt, hash }: StoredHash): string {
  const parameters = `ln=${cost.ln},r=${cost.r},p=${cost.p}`;
  return `scrypt$${parameters}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** The stored hash, or null for no password or one this host cannot check. */
export function parseHash(text: string | null): StoredHash | null {
  const parts = text?.split('$') ?? [];
  if (parts[0] !== 'scrypt') return null;
  const labelled = parts.length === 4;
  if (!labelled && parts.length !== 3) return null;
  const cost = labelled ? parseCost(parts[1] ?? '') : unlabelledCost;
  const salt = base64(parts[labelled ? 2 : 1] ?? '');
  const hash = base64(parts[labelled ? 3 : 2] ?? '');
  if (!cost || !salt || !hash) return null;
  return { cost, salt, hash };
}

function parseCost(text: string): ScryptCost | null {
  const match = /^ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})$/.exec(text);
  if (!match) return null;
  const cost = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (cost.ln < 1 || cost.r < 1 || cost.p < 1) return null;
  return 2 ** cost.ln * cost.r * cost.p <= MAX_WORK ? cost : null;
}

function base64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length >= MIN_BYTES ? bytes : null;
}

/** scrypt's work: N·r·p BlockMix rounds, each over 128·r bytes. */
export const workOf = (cost: ScryptCost): number => 2 ** cost.ln * cost.r * cost.p;

/**
 * The cost that, spent after checking a hash made at `cost`, brings the work
 * to what a check at `target` takes (to within one block for costs Hearth
 * never wrote), or null when `cost` takes as much. It runs at `target`'s N
 * with a narrower block, so that it walks memory as a check at `target`
 * does: at OWASP's cost, an old N = 2^14 hash (16 MiB) is followed by
 * N = 2^17, r = 7 (112 MiB).
 */
export function remainderOf(cost: ScryptCost, target: ScryptCost): ScryptCost | null {
  const r = Math.round((workOf(target) - workOf(cost)) / 2 ** target.ln);
  return r >= 1 ? { ln: target.ln, r, p: 1 } : null;
}

/** Whether a hash made at `cost` is weaker than one at `target` in any factor. */
export const weakerThan = (cost: ScryptCost, target: ScryptCost): boolean =>
  cost.ln < target.ln || cost.r < target.r || cost.p < target.p;
