import { describe, expect, it } from 'vitest';
import { markdownToPlainText, readingMinutes, renderMarkdown } from './markdown.ts';

/** Every attribute name in the output, lower-cased. */
function attributeNames(html: string): string[] {
  return [...html.matchAll(/\s([a-zA-Z-:]+)(?==|\s|\/?>)/g)].map((m) => m[1]!.toLowerCase());
}

describe('renderMarkdown', () => {
  it('renders common markdown: headings, emphasis, lists, code, tables', () => {
    const html = renderMarkdown(
      '## Setup\n\n**Bold** and _em_\n\n1. one\n2. two\n\n```ts\nconst x = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Setup</h2>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<code class="language-ts">const x = 1 &lt; 2;');
    expect(html).toContain('<td>1</td>');
  });

  it('demotes h1 to h2 so the page title stays the only h1', () => {
    expect(renderMarkdown('# Big')).toBe('<h2>Big</h2>');
  });

  it.each([
    ['a script element', '<script>alert(1)</script>hello'],
    ['a script element in mixed case', '<ScRiPt>alert(1)</sCrIpT>hello'],
    ['an svg onload', '<svg onload=alert(1)>hello</svg>'],
    ['an iframe', '<iframe src="https://evil.test"></iframe>hello'],
    ['an object', '<object data="https://evil.test/x.swf"></object>hello'],
    ['a style element', '<style>body{display:none}</style>hello'],
  ])('drops %s and its content', (_label, input) => {
    const html = renderMarkdown(input);
    expect(html.toLowerCase()).not.toMatch(/<(script|svg|iframe|object|style)/);
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('display:none');
    expect(html).toContain('hello');
  });

  it.each([
    '<img src="https://x.test/a.png" onerror="alert(1)">',
    '<a href="https://x.test" onclick="alert(1)" onmouseover="alert(2)">x</a>',
    '<p OnClick="alert(1)">x</p>',
    '<div style="background:url(javascript:alert(1))" onfocus="alert(1)" tabindex="1">x</div>',
    '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  ])('keeps no handler or style attribute: %s', (input) => {
    const names = attributeNames(renderMarkdown(input));
    expect(names.filter((n) => n.startsWith('on') || n === 'style')).toEqual([]);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](  javascript:alert(1))',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](data:image/png;base64,iVBORw0KGgo=)',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    '<a href="//evil.test/path">x</a>',
  ])('removes a dangerous or protocol-relative URL: %s', (input) => {
    const html = renderMarkdown(input);
    expect(html.toLowerCase()).not.toMatch(/(javascript|vbscript|data):/);
    expect(html).not.toMatch(/(href|src)="\/\//);
    expect(html).not.toMatch(/(href|src)=/);
  });

  it('adds rel="noopener noreferrer nofollow" to external links and replaces an author rel', () => {
    expect(renderMarkdown('[iRacing](https://www.iracing.com)')).toBe(
      '<p><a href="https://www.iracing.com" rel="noopener noreferrer nofollow">iRacing</a></p>',
    );
    expect(renderMarkdown('<a href="https://x.test" rel="opener">x</a>')).toContain(
      'rel="noopener noreferrer nofollow"',
    );
  });

  it('leaves relative links alone', () => {
    expect(renderMarkdown('[results](/series/123)')).toBe(
      '<p><a href="/series/123">results</a></p>',
    );
  });

  it('keeps https images with their alt text', () => {
    expect(renderMarkdown('![The new car](https://cdn.test/car.jpg)')).toBe(
      '<p><img src="https://cdn.test/car.jpg" alt="The new car" /></p>',
    );
  });

  it('keeps task-list checkboxes but only as disabled checkboxes; other inputs and forms go', () => {
    const html = renderMarkdown(
      '- [x] done\n- [ ] todo\n\n<form action="/x"><input type="text" name="q"><button>Go</button></form>',
    );
    expect(html).toContain('<input type="checkbox" disabled checked />');
    expect(html).toContain('<input type="checkbox" disabled />');
    expect(html).not.toMatch(/<form|type="text"|<button/);
  });

  it('escapes text that merely looks like markup inside code', () => {
    expect(renderMarkdown('`<script>alert(1)</script>`')).toBe(
      '<p><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>',
    );
  });
});

describe('markdownToPlainText', () => {
  it('strips markup, decodes entities once and collapses whitespace', () => {
    expect(markdownToPlainText('# Title\n\nSome **bold** & <b>x</b>\n\n`&lt;`')).toBe(
      'Title Some bold & x &lt;',
    );
  });

  it('cuts at a word boundary with an ellipsis', () => {
    const text = markdownToPlainText('The season opens at Daytona with a new car list', 25);
    expect(text).toBe('The season opens at…');
    expect(text.length).toBeLessThanOrEqual(25);
  });

  it('drops script content entirely', () => {
    expect(markdownToPlainText('<script>alert(1)</script>Hi')).toBe('Hi');
  });
});

describe('readingMinutes', () => {
  it('is at least one minute and grows with the word count', () => {
    expect(readingMinutes('short')).toBe(1);
    expect(readingMinutes('word '.repeat(1100))).toBe(5);
  });
});
