import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { recipeNames, sampleRate, synthesize, wavFile } from '../../../scripts/soundRecipes';
import { defaultSound, hearthSounds, soundToPlay } from '../../../src-main/wire/sounds';

const shipped = (sound: string) => readFile(`resources/sounds/${sound}.wav`);

describe("Hearth's notification sounds", () => {
  it('ships one file for each sound it offers, made by its own recipe', async () => {
    expect([...recipeNames].sort()).toEqual([...hearthSounds].sort());
    for (const sound of hearthSounds) {
      const file = await shipped(sound);
      // Regenerating must give the committed file: nothing in resources/sounds came from elsewhere.
      expect(file.equals(wavFile(synthesize(sound))), sound).toBe(true);
    }
  });

  it('are short mono WAV files that start and end quietly and never clip', async () => {
    for (const sound of hearthSounds) {
      const file = await shipped(sound);
      expect(file.toString('ascii', 0, 4)).toBe('RIFF');
      expect(file.toString('ascii', 8, 12)).toBe('WAVE');
      expect(file.readUInt16LE(22)).toBe(1);
      expect(file.readUInt32LE(24)).toBe(sampleRate);
      const samples = new Int16Array(file.buffer, file.byteOffset + 44, (file.length - 44) / 2);
      const seconds = samples.length / sampleRate;
      expect(seconds, sound).toBeGreaterThan(0.2);
      expect(seconds, sound).toBeLessThan(1.5);
      const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
      expect(peak, sound).toBeGreaterThan(16_000);
      expect(peak, sound).toBeLessThan(32_000);
      expect(Math.abs(samples[0] ?? 1), sound).toBeLessThan(2_000);
      expect(samples.at(-1), sound).toBe(0);
    }
  });

  it("plays the user's choice, Hearth's default for a name it does not ship, and nothing for none", () => {
    expect(soundToPlay('chime')).toBe('chime');
    expect(soundToPlay('knock')).toBe('knock');
    expect(soundToPlay('zulip')).toBe(defaultSound);
    expect(soundToPlay('gong')).toBe(defaultSound);
    expect(soundToPlay('none')).toBeNull();
  });
});
