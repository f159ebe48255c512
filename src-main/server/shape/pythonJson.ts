// Python's json.dumps with its defaults (", " and ": " separators, every
// character past ASCII escaped), which Zulip uses to store a widget's first
// submessage: clients that compare or re-parse that text see Zulip's bytes.
const asciiOnly = (text: string): string =>
  JSON.stringify(text).replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export function pythonJsonDumps(value: unknown): string {
  if (typeof value === 'string') return asciiOnly(value);
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${asciiOnly(key)}: ${pythonJsonDumps(item)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}
