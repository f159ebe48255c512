import type { MarkdownLookups } from '../../src-main/server/markdown/lookups';
import { renderMessageContent } from '../../src-main/server/markdown/render';
import { Zipf, type Prng } from './prng';
import { glueWords } from './vocabulary';

/** One distinct message body, rendered once by the real renderer and reused by many messages. */
export interface PooledContent {
  content: string;
  html: string;
  mentionedUserIds: readonly number[];
  wildcardMentioned: boolean;
}

export interface PoolSources {
  /** Content words, most frequent first. */
  words: readonly string[];
  fullNames: readonly string[];
  streamNames: readonly string[];
  lookups: MarkdownLookups;
}

class Writer {
  private readonly wordRank: Zipf;
  private readonly glueRank: Zipf;

  constructor(
    private readonly prng: Prng,
    private readonly sources: PoolSources,
  ) {
    this.wordRank = new Zipf(sources.words.length, 1);
    this.glueRank = new Zipf(glueWords.length, 0.8);
  }

  word(): string {
    const { prng, sources } = this;
    return prng.chance(0.45)
      ? (glueWords[this.glueRank.index(prng)] ?? 'the')
      : (sources.words[this.wordRank.index(prng)] ?? 'word');
  }

  words(min: number, max: number): string {
    return Array.from({ length: this.prng.between(min, max) }, () => this.word()).join(' ');
  }

  sentence(): string {
    const text = this.words(4, 18);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}${this.prng.pick(['.', '.', '.', '?', '!'])}`;
  }

  sentences(min: number, max: number): string {
    return Array.from({ length: this.prng.between(min, max) }, () => this.sentence()).join(' ');
  }

  // The shapes of everyday chat, by rough share: mostly a line or two of
  // prose, then formatting, links, lists, code, quotes, emoji and mentions.
  content(): string {
    const { prng, sources } = this;
    const roll = prng.next();
    if (roll < 0.5) return this.sentences(1, 2);
    if (roll < 0.6) return `${this.sentences(1, 3)}\n\n${this.sentences(1, 3)}`;
    if (roll < 0.67) return `${this.sentence()} **${this.words(1, 3)}** and \`${this.word()}()\``;
    if (roll < 0.72) {
      return `${this.sentence()} https://example.com/${this.word()}/${prng.int(10_000)}`;
    }
    if (roll < 0.76) {
      const items = Array.from({ length: prng.between(2, 5) }, () => `* ${this.words(2, 8)}`);
      return `${this.sentence()}\n${items.join('\n')}`;
    }
    if (roll < 0.79) {
      const lines = Array.from(
        { length: prng.between(1, 6) },
        () => `${this.word()}(${this.word()});`,
      );
      return `${this.sentence()}\n\`\`\`js\n${lines.join('\n')}\n\`\`\``;
    }
    if (roll < 0.82) return `> ${this.sentences(1, 2)}\n\n${this.sentence()}`;
    if (roll < 0.85)
      return `${this.sentence()} ${prng.pick([':+1:', ':smile:', ':tada:', ':eyes:'])}`;
    if (roll < 0.91) return `@**${prng.pick(sources.fullNames)}** ${this.sentences(1, 2)}`;
    if (roll < 0.915) return `@**all** ${this.sentences(1, 2)}`;
    if (roll < 0.925) return `/me ${this.words(2, 6)}`;
    if (roll < 0.93) return `See #**${prng.pick(sources.streamNames)}**: ${this.sentence()}`;
    if (roll < 0.95) return this.sentences(5, 10);
    return `*${this.words(1, 4)}* ${this.sentence()}`;
  }
}

/** `count` distinct message bodies, each rendered once with the organization's names. */
export function buildContentPool(prng: Prng, count: number, sources: PoolSources): PooledContent[] {
  const writer = new Writer(prng, sources);
  const seen = new Set<string>();
  const pool: PooledContent[] = [];
  while (pool.length < count) {
    const content = writer.content();
    if (seen.has(content)) continue;
    seen.add(content);
    const rendered = renderMessageContent(content, sources.lookups);
    pool.push({
      content,
      html: rendered.html,
      mentionedUserIds: [...rendered.mentionedUserIds],
      wildcardMentioned: rendered.wildcardMentioned,
    });
  }
  return pool;
}
