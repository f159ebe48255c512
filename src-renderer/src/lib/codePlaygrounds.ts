import type { PlaygroundView } from '../../../src-preload/bridge';
import { expandUrlTemplate } from '../../../src-main/wire/urlTemplate';
import { t } from './i18n.svelte';

/** Where "View in <name>" opens a code block: its code (without the newline Zulip ends it with) in the template. */
export function playgroundUrl(playground: PlaygroundView, code: string): string | null {
  try {
    return expandUrlTemplate(playground.urlTemplate, { code: code.replace(/\n$/, '') });
  } catch {
    // A template the window cannot read offers nothing rather than a wrong link.
    return null;
  }
}

/**
 * Zulip's code playgrounds: each code block whose language has playgrounds
 * gets "View in <name>" links above its code, followed like any link of a
 * message. Returns the function that takes them away again.
 */
export function offerPlaygrounds(
  content: Element,
  playgroundsFor: (language: string) => readonly PlaygroundView[],
): () => void {
  const added: Element[] = [];
  for (const block of content.querySelectorAll('.codehilite[data-code-language]')) {
    const playgrounds = playgroundsFor(block.getAttribute('data-code-language') ?? '');
    const code = block.querySelector('code')?.textContent ?? '';
    const links = playgrounds.flatMap((playground) => {
      const href = playgroundUrl(playground, code);
      if (href === null) return [];
      const link = document.createElement('a');
      link.href = href;
      link.textContent = t('window.playgrounds.viewIn', { name: playground.name });
      link.title = href;
      return [link];
    });
    if (links.length === 0) continue;
    const bar = document.createElement('div');
    bar.className = 'code-playgrounds';
    bar.append(...links);
    block.prepend(bar);
    added.push(bar);
  }
  return () => added.forEach((bar) => bar.remove());
}
