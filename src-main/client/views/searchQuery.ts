import type { NarrowTerm } from '../../wire';

// Zulip's search box: `operator:operand` pairs (a leading `-` negates, quotes
// hold spaces), everything else words to look for.
const token = /(-?)([a-z-]+):(?:"([^"]*)"|(\S+))|"([^"]*)"|(\S+)/gi;

const operators = new Set([
  'stream',
  'channel',
  'topic',
  'sender',
  'is',
  'has',
  'pm-with',
  'dm',
  'near',
  'id',
  'search',
]);

/** The narrow terms a search box's text stands for, as Zulip's web app reads them. */
export function searchTerms(query: string): NarrowTerm[] {
  const terms: NarrowTerm[] = [];
  const words: string[] = [];
  for (const match of query.matchAll(token)) {
    const [, negation, operator, quoted, bare, phrase, word] = match;
    const name = operator?.toLowerCase();
    if (name !== undefined && operators.has(name)) {
      terms.push({
        // Zulip 9's channel: (feature level 250) is stream: by its new name,
        // which every server and the cache take.
        operator: name === 'channel' ? 'stream' : name,
        operand: quoted ?? bare ?? '',
        ...(negation === '-' ? { negated: true } : {}),
      });
    } else {
      words.push(phrase !== undefined ? `"${phrase}"` : (word ?? match[0]));
    }
  }
  if (words.length > 0) terms.push({ operator: 'search', operand: words.join(' ') });
  return terms;
}

/** A term as a person would type it, to say which parts the cache could not apply. */
export const describeTerm = (term: NarrowTerm): string =>
  `${term.negated === true ? '-' : ''}${term.operator}:${
    Array.isArray(term.operand) ? term.operand.join(',') : String(term.operand)
  }`;
