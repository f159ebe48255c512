// Markdown input and the HTML Hearth stores for it; add a case for every bug.
export const markdownCases: readonly { name: string; input: string; html: string }[] = [
  { name: 'plain paragraph', input: 'hello', html: '<p>hello</p>' },
  {
    name: 'emphasis and strong',
    input: '*soft* and **loud**',
    html: '<p><em>soft</em> and <strong>loud</strong></p>',
  },
  { name: 'inline code', input: 'run `npm test`', html: '<p>run <code>npm test</code></p>' },
  {
    name: 'fenced code in a codehilite block',
    input: '```js\nlet a = 1 < 2;\n```',
    html: '<div class="codehilite" data-code-language="js"><pre><span></span><code>let a = 1 &lt; 2;\n</code></pre></div>',
  },
  {
    name: 'line break inside a paragraph',
    input: 'one\ntwo',
    html: '<p>one<br>\ntwo</p>',
  },
  {
    name: 'https link opens outside the app',
    input: '[docs](https://example.com/docs)',
    html: '<p><a href="https://example.com/docs" target="_blank" rel="noopener noreferrer" title="https://example.com/docs">docs</a></p>',
  },
  {
    name: 'bare URL becomes a link',
    input: 'see https://example.com',
    html: '<p>see <a href="https://example.com" target="_blank" rel="noopener noreferrer" title="https://example.com">https://example.com</a></p>',
  },
  {
    name: 'mailto link',
    input: '[mail](mailto:a@example.com)',
    html: '<p><a href="mailto:a@example.com" target="_blank" rel="noopener noreferrer" title="mailto:a@example.com">mail</a></p>',
  },
  {
    name: 'javascript link stays text',
    input: '[x](javascript:alert(1))',
    html: '<p>[x](javascript:alert(1))</p>',
  },
  {
    name: 'data link stays text',
    input: '[x](data:text/html,hi)',
    html: '<p>[x](data:text/html,hi)</p>',
  },
  {
    name: 'raw HTML is escaped',
    input: '<img src=x onerror=alert(1)>',
    html: '<p>&lt;img src=x onerror=alert(1)&gt;</p>',
  },
  { name: 'quote', input: '> wise words', html: '<blockquote>\n<p>wise words</p>\n</blockquote>' },
];
