import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderMessageContent } from '../../../src-main/server/markdown/render';
import { markdownCases } from './cases';
import { directory } from './directory';

describe('message markdown', () => {
  it('has at least 150 cases', () => {
    expect(markdownCases.length).toBeGreaterThanOrEqual(150);
  });

  it.each(markdownCases)('renders $name', (markdownCase) => {
    const { input, html, mentioned, wildcard, topicWildcard, isMeMessage } = markdownCase;
    const rendered = renderMessageContent(input, directory);
    expect(rendered.html).toBe(html);
    expect([...rendered.mentionedUserIds].sort((a, b) => a - b)).toEqual(mentioned ?? []);
    expect(rendered.wildcardMentioned).toBe(wildcard ?? false);
    expect(rendered.topicWildcardMentioned).toBe(topicWildcard ?? false);
    expect(rendered.isMeMessage).toBe(isMeMessage ?? false);
  });

  it('leaves mentions and stream links as text without an organization', () => {
    expect(renderMarkdown('@**Ada Lovelace** in #**general**')).toBe(
      '<p>@<strong>Ada Lovelace</strong> in #<strong>general</strong></p>',
    );
  });
});
