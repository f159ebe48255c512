/** What was last put on the clipboard, so that a view says "Copied." only beside that text. */
export interface CopiedText {
  text: string;
  ok: boolean;
}

/** Copies `text`; the window may refuse (no focus, no permission), and the person then copies it by hand. */
export async function copyText(text: string): Promise<CopiedText> {
  try {
    await navigator.clipboard.writeText(text);
    return { text, ok: true };
  } catch {
    return { text, ok: false };
  }
}
