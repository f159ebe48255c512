/** Gives every free page of glibc's malloc back to the system; true when some was given. */
export type MallocTrim = () => boolean;

/** Loads the addon `buildMallocTrim` made from mallocTrim.c. */
export function loadMallocTrim(addon: string): MallocTrim {
  const module = { exports: {} as { trim?: MallocTrim } };
  process.dlopen(module, addon);
  const { trim } = module.exports;
  if (typeof trim !== 'function') throw new Error(`${addon} has no trim()`);
  return trim;
}
