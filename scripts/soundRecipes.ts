// Hearth's notification sounds, synthesized from these recipes so that every
// sample is ours and can be made again: `node --import tsx scripts/make-sounds.ts`.
import type { HearthSound } from '../src-main/wire/sounds';

export const sampleRate = 24_000;

type Voice = (t: number) => number;

/** A struck partial: a sine at `hz` that starts at `at` seconds and dies away over `decay`. */
const partial =
  (hz: number, gain: number, decay: number, at = 0): Voice =>
  (t) => {
    const local = t - at;
    if (local < 0) return 0;
    // A 4 ms attack keeps the start from clicking.
    const attack = Math.min(1, local / 0.004);
    return gain * attack * Math.exp(-local / decay) * Math.sin(2 * Math.PI * hz * local);
  };

/** A note with a few harmonics, like a soft mallet on wood or glass. */
const note = (hz: number, at: number, gain: number, decay: number): Voice[] => [
  partial(hz, gain, decay, at),
  partial(hz * 2, gain * 0.35, decay * 0.6, at),
  partial(hz * 3, gain * 0.12, decay * 0.4, at),
];

// A deterministic noise source, so the files come out the same on every run.
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 31 - 1;
  };
}

/** A knuckle on a door: a low thump with a short burst of filtered noise. */
function knock(at: number, seed: number): Voice {
  const random = noise(seed);
  const burst = Array.from({ length: Math.round(0.03 * sampleRate) }, random);
  let smoothed = 0;
  const filtered = burst.map((value) => (smoothed += 0.25 * (value - smoothed)));
  return (t) => {
    const local = t - at;
    if (local < 0) return 0;
    const thump = 0.7 * Math.exp(-local / 0.035) * Math.sin(2 * Math.PI * 170 * local);
    const index = Math.round(local * sampleRate);
    const click = index < filtered.length ? 0.5 * (filtered[index] ?? 0) : 0;
    return thump + click * Math.exp(-local / 0.01);
  };
}

/** A plucked string by the Karplus–Strong method: a noise burst looped through a damped delay. */
function pluck(hz: number, seconds: number, seed: number): Float64Array {
  const random = noise(seed);
  const period = Math.round(sampleRate / hz);
  const line = Array.from({ length: period }, random);
  const out = new Float64Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i += 1) {
    const current = line[i % period] ?? 0;
    const next = line[(i + 1) % period] ?? 0;
    out[i] = current;
    line[i % period] = 0.996 * 0.5 * (current + next);
  }
  return out;
}

const mix = (voices: Voice[], seconds: number): Float64Array =>
  Float64Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) =>
    voices.reduce((sum, voice) => sum + voice(i / sampleRate), 0),
  );

const recipes: Record<HearthSound, () => Float64Array> = {
  // Hearth's default: two warm notes a fourth apart.
  ember: () => mix([...note(659.25, 0, 0.5, 0.18), ...note(880, 0.12, 0.45, 0.25)], 0.8),
  // Inharmonic partials, as a small bell has.
  chime: () =>
    mix(
      [
        partial(1046.5, 0.45, 0.5),
        partial(1046.5 * 2.76, 0.18, 0.25),
        partial(1046.5 * 5.4, 0.08, 0.12),
      ],
      1.1,
    ),
  ding: () => mix(note(1318.5, 0, 0.5, 0.15), 0.6),
  knock: () => mix([knock(0, 7), knock(0.16, 11)], 0.4),
  pluck: () => pluck(392, 0.9, 3),
};

/** The sound as 16-bit mono PCM samples, peak-normalized, faded in and out so neither end clicks. */
export function synthesize(sound: HearthSound): Int16Array {
  const samples = recipes[sound]();
  const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0) || 1;
  const fadeIn = Math.round(0.004 * sampleRate);
  const fadeOut = Math.round(0.05 * sampleRate);
  return Int16Array.from(samples, (value, i) => {
    const ends = Math.min(1, i / fadeIn, (samples.length - 1 - i) / fadeOut);
    return Math.round((value / peak) * 0.7 * ends * 32_767);
  });
}

/** A RIFF/WAVE file of the samples, which every browser and Electron play. */
export function wavFile(samples: Int16Array): Buffer {
  const data = samples.length * 2;
  const file = Buffer.alloc(44 + data);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + data, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * 2, 28);
  file.writeUInt16LE(2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(data, 40);
  for (const [i, sample] of samples.entries()) file.writeInt16LE(sample, 44 + i * 2);
  return file;
}

export const recipeNames = Object.keys(recipes) as HearthSound[];
