/** What to tell the user about a failed bridge call. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
