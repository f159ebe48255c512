/** What the probe asks of glibc's malloc. */
export interface GlibcMalloc {
  /** Gives every free page back to the system; true when some was given. */
  trim(): boolean;
  /** The bytes malloc has handed out and not had back. */
  inUse(): number;
}

/** Loads the addon `buildGlibcMalloc` made from glibcMalloc.c. */
export function loadGlibcMalloc(addon: string): GlibcMalloc {
  const module = { exports: {} as Partial<GlibcMalloc> };
  process.dlopen(module, addon);
  const { trim, inUse } = module.exports;
  if (typeof trim !== 'function' || typeof inUse !== 'function') {
    throw new Error(`${addon} lacks trim() or inUse()`);
  }
  return { trim, inUse };
}
