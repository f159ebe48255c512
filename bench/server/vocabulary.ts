import type { Prng } from './prng';

// Words that make a sentence read like one; they are the most frequent tokens
// of any chat, as in real text.
export const glueWords = `the a to of and is it that for on we this i you in with be
  have not are but so was can if at do just think about from will what there
  they would like get our all one up out when now should maybe also need
  some more then how any could still see here after before because yes no`
  .split(/\s+/)
  .filter((word) => word.length > 0);

const firstNames = `Ada Basil Cora Dmitri Elena Farid Greta Hugo Ines Jonas Kira Luca Mara Nils
  Odile Pavel Quinn Rosa Sami Tove Ugo Vera Wren Xavi Yara Zeno Amir Bea Cyril Dana`
  .split(/\s+/)
  .filter((word) => word.length > 0);

const lastNames = `Abara Brandt Castillo Duval Eriksen Fontaine Gallo Hart Ivanova Jansen Kovac
  Lindqvist Moreau Novak Okafor Petrov Quist Romano Sato Tanaka Ueda Varga Weber Xu
  Yilmaz Zhang Almeida Bauer Chen Dubois`
  .split(/\s+/)
  .filter((word) => word.length > 0);

const streamNames = `general backend frontend design mobile infra security data ops support
  sales marketing hiring legal finance product research docs releases qa
  incidents oncall devex platform api billing growth analytics ml search
  notifications desktop web android ios translations accessibility performance
  database storage networking build ci packaging community events office
  kitchen random books music travel sports pets photos announcements
  leadership planning feedback onboarding`
  .split(/\s+/)
  .filter((word) => word.length > 0);

const onsets = ['b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'k', 'l', 'm', 'n', 'p', 'pl'];
const moreOnsets = ['r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'z', 'qu', 'sp', 'fl', 'h', 'j'];
const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'y', 'io'];
const codas = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'x', 'ck', 'nd', 'rt', 'st'];

/**
 * `count` distinct made-up content words, most frequent first: the topic words
 * of an organization's chat, whose frequencies fall off as in real text.
 */
export function contentWords(prng: Prng, count: number): string[] {
  const allOnsets = [...onsets, ...moreOnsets];
  const glue = new Set(glueWords);
  const words = new Set<string>();
  while (words.size < count) {
    const syllables = prng.between(2, 3);
    let word = '';
    for (let i = 0; i < syllables; i++) {
      word += prng.pick(allOnsets) + prng.pick(vowels);
    }
    word += prng.pick(codas);
    if (!glue.has(word)) words.add(word);
  }
  return [...words];
}

/** `count` distinct "First Last" names. */
export function fullNames(prng: Prng, count: number): string[] {
  const all = firstNames.flatMap((first) => lastNames.map((last) => `${first} ${last}`));
  if (count > all.length) throw new Error(`at most ${all.length} distinct names`);
  return prng.sample(all, count);
}

/** `count` distinct stream names, the list's own names first. */
export function streamNamesFor(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const base = streamNames[i % streamNames.length] ?? 'stream';
    const round = Math.floor(i / streamNames.length);
    return round === 0 ? base : `${base}-${round + 1}`;
  });
}
