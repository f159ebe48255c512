/**
 * A `--port`-style option: its value, the fallback when it was not given, or
 * null when it is not a whole number from 0 to 65535 (an empty string included,
 * which Number would read as 0).
 */
export function portOption(value: string | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  return value.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 && parsed <= 65535
    ? parsed
    : null;
}
