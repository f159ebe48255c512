import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../src-main/server/markdown/render';
import { markdownCases } from './cases';

describe('message markdown', () => {
  it.each(markdownCases)('renders $name', ({ input, html }) => {
    expect(renderMarkdown(input)).toBe(html);
  });
});
