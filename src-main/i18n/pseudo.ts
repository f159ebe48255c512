import { IntlMessageFormat } from 'intl-messageformat';
import { MessageFormatter } from './format';

// Accents every letter and makes each message 40% longer, inside ⟦ ⟧ so a
// clipped end shows: a view that fits it fits the translations.

const accented: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöƥǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖƤǪŔŠŢÛṼŴẊÝŽ'][index] ?? letter,
  ]),
);

/** `text` accented and padded to 140% of its length, words kept as words so lines still break. */
export function pseudoText(text: string): string {
  const letters = [...text].map((character) => accented[character] ?? character).join('');
  const padding = Math.ceil(text.length * 0.4);
  return letters + ' ·'.repeat(Math.ceil(padding / 2)).slice(0, padding);
}

type Elements = ReturnType<IntlMessageFormat['getAst']>;

function pseudoElements(elements: Elements): Elements {
  return elements.map((element) => {
    if (element.type === 0) return { ...element, value: pseudoText(element.value) };
    const copy = { ...element } as typeof element & {
      children?: Elements;
      options?: Record<string, { value: Elements }>;
    };
    if ('children' in element && Array.isArray(element.children)) {
      copy.children = pseudoElements(element.children);
    }
    if ('options' in element && element.options) {
      copy.options = Object.fromEntries(
        Object.entries(element.options).map(([name, option]) => [
          name,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
    }
    return copy;
  }) as Elements;
}

/** English messages, said in pseudo-English: what people write and put in stays as it is. */
export class PseudoFormatter extends MessageFormatter {
  protected override compile(source: string): IntlMessageFormat {
    const english = new IntlMessageFormat(source, 'en');
    const ast = pseudoElements(english.getAst());
    return new IntlMessageFormat(
      [{ type: 0, value: '⟦' }, ...ast, { type: 0, value: '⟧' }] as Elements,
      'en',
    );
  }
}
