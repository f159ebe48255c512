import { RE2JS, RE2JSException, RE2JSSyntaxException } from 're2js';
import { expandUrlTemplate } from '../../wire/urlTemplate';

// Linkifier patterns are typed by administrators and run on every message,
// so they go through RE2's linear-time engine (as Zulip's do, in google-re2):
// no pattern can make matching backtrack, whatever the message.

// Zulip's prepare_linkifier_pattern: a match starts at the start, after white
// space or an opening delimiter, and is not followed by a letter or digit.
// `\pZ` and U+0085 stand in for the white space RE2's `\s` leaves out.
const BEFORE = 'linkifier_before_match';
const OUTER = 'linkifier_actual_match';
const AFTER = 'linkifier_after_match';

function prepared(source: string): string {
  return `(?P<${BEFORE}>^|\\s|\u0085|\\pZ|['"\\(,:<])(?P<${OUTER}>${source})(?P<${AFTER}>$|[^\\pL\\pN])`;
}

// RE2's C++ wording of each error (what google-re2 hands Zulip), for the
// words of the Go port re2js follows.
const cppWords: Readonly<Record<string, string>> = {
  'missing closing )': 'missing )',
  'missing closing ]': 'missing ]',
  'invalid nested repetition operator': 'bad repetition operator',
  'invalid repeat count': 'bad repetition operator',
  'missing argument to repetition operator': 'no argument for repetition operator',
  'trailing backslash at end of expression': 'trailing \\',
  'invalid or unsupported Perl syntax': 'invalid perl operator',
  'invalid named capture': 'invalid named capture group',
  'duplicate capture group name': 'invalid named capture group',
};

/** Why RE2 refuses a pattern, as Zulip words it, or null when it compiles. */
export function patternError(source: string): string | null {
  try {
    RE2JS.compile(source);
    RE2JS.compile(prepared(source));
    return null;
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) {
      const code = error.getDescription();
      const words = cppWords[code] ?? code;
      const arg = error.getPattern();
      return `Bad regular expression: ${arg ? `${words}: ${arg}` : words}`;
    }
    if (error instanceof RE2JSException) return `Bad regular expression: ${error.message}`;
    throw error;
  }
}

/** The named groups of a pattern that compiles. */
export function patternGroups(source: string): string[] {
  return Object.keys(RE2JS.compile(source).namedGroups());
}

export interface LinkifierMatch {
  /** Where the matched text starts and ends (the delimiters around it are not part of it). */
  start: number;
  end: number;
  text: string;
  url: string;
}

/** One linkifier, compiled once and applied to many texts. */
export class CompiledLinkifier {
  private readonly regex: RE2JS;
  private readonly groups: readonly string[];

  constructor(
    source: string,
    private readonly urlTemplate: string,
  ) {
    this.regex = RE2JS.compile(prepared(source));
    this.groups = Object.keys(this.regex.namedGroups());
  }

  /**
   * Every match in `text` from `from` on, left to right; as Zulip's
   * topic_links does, the delimiter after a match may begin the next one.
   * `accept` may refuse a match (one that runs into a link made before),
   * and the search goes on past its start.
   */
  *matches(
    text: string,
    from = 0,
    accept?: (match: LinkifierMatch) => boolean,
  ): Generator<LinkifierMatch> {
    const matcher = this.regex.matcher(text);
    let at = from;
    while (at <= text.length && matcher.find(at)) {
      const start = matcher.start(OUTER);
      const end = matcher.end(OUTER);
      const values: Record<string, string | null> = {};
      for (const name of this.groups) values[name] = matcher.group(name);
      const match = {
        start,
        end,
        text: text.slice(start, end),
        url: expandUrlTemplate(this.urlTemplate, values),
      };
      if (accept && !accept(match)) {
        at = matcher.start(BEFORE) + 1;
        continue;
      }
      yield match;
      // An empty match would stay put; step over it.
      at = Math.max(end, matcher.start(BEFORE) + 1);
    }
  }
}

// Compiled once per pattern and template; administrators change them rarely.
const compiledCache = new Map<string, CompiledLinkifier>();
const MAX_CACHED = 500;

export function compiledLinkifier(pattern: string, urlTemplate: string): CompiledLinkifier | null {
  const key = `${pattern}\u0000${urlTemplate}`;
  let compiled = compiledCache.get(key);
  if (compiled) return compiled;
  try {
    compiled = new CompiledLinkifier(pattern, urlTemplate);
  } catch {
    // Zulip skips a linkifier that no longer compiles rather than fail a message.
    return null;
  }
  if (compiledCache.size >= MAX_CACHED) compiledCache.clear();
  compiledCache.set(key, compiled);
  return compiled;
}
