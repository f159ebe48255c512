/**
 * The notification sounds Hearth ships (resources/sounds/<name>.wav, made by
 * scripts/make-sounds.ts). A Hearth host offers exactly these; a sound a
 * Zulip server names that is not among them plays the default.
 */
export const hearthSounds = ['ember', 'chime', 'ding', 'knock', 'pluck'] as const;
export type HearthSound = (typeof hearthSounds)[number];

export const defaultSound: HearthSound = 'ember';

/** The sound to play for a setting's value; null for "none". */
export function soundToPlay(setting: string): HearthSound | null {
  if (setting === 'none') return null;
  return (hearthSounds as readonly string[]).includes(setting)
    ? (setting as HearthSound)
    : defaultSound;
}

/** Where the window finds a sound's file, relative to its own page. */
export const soundPath = (sound: HearthSound): string => `sounds/${sound}.wav`;
