/**
 * The keys of a menu (the WAI-ARIA menu pattern): arrows move through the
 * items, wrapping, Home and End go to the ends, Escape closes it and gives the
 * focus back to its button, Tab closes it and lets the focus go on.
 */
export function menuKey(
  event: KeyboardEvent,
  items: readonly HTMLElement[],
  close: (returnFocus: boolean) => void,
): void {
  const at = items.indexOf(document.activeElement as HTMLElement);
  const moveTo = (index: number) => items[(index + items.length) % items.length]?.focus();
  if (event.key === 'ArrowDown') moveTo(at + 1);
  else if (event.key === 'ArrowUp') moveTo(at - 1);
  else if (event.key === 'Home') moveTo(0);
  else if (event.key === 'End') moveTo(items.length - 1);
  else if (event.key === 'Escape') close(true);
  else if (event.key === 'Tab') close(false);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Closes a menu on a press anywhere but in it or on its button; returns what
 * stops listening, for an $effect to give back.
 */
export function closeOnPressOutside(
  inside: () => readonly (Node | undefined | null)[],
  close: (returnFocus: boolean) => void,
): () => void {
  const outside = (event: PointerEvent) => {
    const target = event.target as Node;
    if (!inside().some((node) => node?.contains(target))) close(false);
  };
  window.addEventListener('pointerdown', outside, true);
  return () => window.removeEventListener('pointerdown', outside, true);
}
