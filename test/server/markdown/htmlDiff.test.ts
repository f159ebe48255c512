import { describe, expect, it } from 'vitest';
import { highlightHtmlDifferences } from '../../../src-main/server/markdown/htmlDiff';

const inserted = (html: string) => `<span class="highlight_text_inserted">${html}</span>`;
const deleted = (html: string) => `<span class="highlight_text_deleted">${html}</span>`;

// The first four expectations are those of Zulip's own tests of
// content_html_diff; the others follow lxml's htmldiff, which Zulip uses.
describe('content_html_diff', () => {
  it('marks a replaced word as inserted, then deleted', () => {
    expect(
      highlightHtmlDifferences('<p>content before edit</p>', '<p>content after edit</p>'),
    ).toBe(`<div><p>content ${inserted('after')} ${deleted('before')} edit</p></div>`);
  });

  it('keeps the new structure and shows line breaks as spaces', () => {
    expect(
      highlightHtmlDifferences(
        '<p>content before edit, line 1</p>\n<p>content before edit, line 3</p>',
        '<p>content before edit, line 1<br>\ncontent after edit, line 2<br>\ncontent before edit, line 3</p>',
      ),
    ).toBe(
      `<div><p>content before edit, line 1<br> content ${inserted('after edit, line 2<br> content')} before edit, line 3</p></div>`,
    );
  });

  it('shows a changed link target as a word of its own', () => {
    expect(
      highlightHtmlDifferences(
        '<p>Here is a link to <a href="http://www.zulip.org">zulip</a>.</p>',
        '<p>Here is a link to <a href="http://www.zulipchat.com">zulip</a>.</p>',
      ),
    ).toBe(
      '<div><p>Here is a link to <a href="http://www.zulipchat.com">zulip ' +
        `${inserted(' Link: http://www.zulipchat.com .')} ${deleted(' Link: http://www.zulip.org .')} </a></p></div>`,
    );
  });

  it('is an empty div between two empty renderings', () => {
    expect(highlightHtmlDifferences('', '')).toBe('<div></div>');
  });

  it('puts the marks inside the blocks an insertion adds', () => {
    expect(
      highlightHtmlDifferences('<p>a b c d e f</p>', '<p>a b c d e f</p>\n<ul>\n<li>x</li>\n</ul>'),
    ).toBe(`<div><p>a b c d e f</p> <ul><li>${inserted('x')}</li>${inserted(' ')}</ul></div>`);
  });

  it('drops strikethrough markup, so that <del> marks only deletions', () => {
    expect(highlightHtmlDifferences('<p><del>old</del> plan</p>', '<p>new plan</p>')).toBe(
      // htmldiff puts a space before a mark that opens a paragraph.
      `<div><p> ${inserted('new')} ${deleted('old')} plan</p></div>`,
    );
  });

  it('puts deleted words back inside the paragraph they left', () => {
    expect(highlightHtmlDifferences('<p>one two three four</p>', '<p>one four</p>')).toBe(
      `<div><p>one ${deleted('two three')} four</p></div>`,
    );
  });
});
