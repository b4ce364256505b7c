import { describe, expect, it } from 'vitest';
import { previewHtml } from './MarkdownPreview';

describe('previewHtml', () => {
  it('renders Markdown and shows raw HTML as text', () => {
    const html = previewHtml('# Title\n\n**bold** <img src=x onerror=alert(1)>');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});
