/** Up to two letters standing for an organization that has no icon. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1
      ? words.slice(0, 2).map((word) => [...word][0] ?? '')
      : [...(words[0] ?? '')].slice(0, 2);
  return letters.join('').toUpperCase() || '?';
}

/**
 * What the organization's button is called: its name, after the initials
 * where they stand in for an icon, so that the name holds what the button
 * shows, as WCAG 2.5.3 asks (someone who says "click ZD" finds it).
 */
export function accountButtonName(name: string, icon: string | null): string {
  return icon ? name : `${initials(name)}, ${name}`;
}

// Mid-tone colours that keep white initials readable in both themes.
const palette = ['#2f6f4f', '#3b5ba5', '#8a4baf', '#b0472c', '#1f7a8c', '#8c6d1f', '#a33b6b'];

/** The same name always gets the same colour, so an organization is recognised by it. */
export function initialsColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? '#2f6f4f';
}
