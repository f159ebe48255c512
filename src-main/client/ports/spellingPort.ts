/**
 * What the desktop's spell-checker offers: Electron's session in the app, a
 * fixed list in the tests. Absent where the system (or a browser) chooses the
 * languages itself.
 */
export interface SpellingPort {
  /** The languages it has dictionaries for, as BCP 47 tags (`en-US`, `fr`). */
  available(): readonly string[];
  /** The person's languages, as the system orders them. */
  preferred(): readonly string[];
}
