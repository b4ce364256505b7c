import { describe, expect, it } from 'vitest';
import { renumberHeadings } from './heading-levels';

describe('renumberHeadings', () => {
  it('makes the highest heading of a post an h2 under the page title', () => {
    expect(renumberHeadings('<p>Intro</p><h3>The leather workshop</h3><p>a</p><h3 id="x">The denim mill</h3>')).toBe(
      '<p>Intro</p><h2>The leather workshop</h2><p>a</p><h2 id="x">The denim mill</h2>',
    );
  });

  it('closes the gaps between levels, keeping their order', () => {
    expect(renumberHeadings('<h1>A</h1><h3>B</h3><h6>C</h6><h3>D</h3>')).toBe('<h2>A</h2><h3>B</h3><h4>C</h4><h3>D</h3>');
  });

  it('leaves a post without headings, and other tags that start with h, alone', () => {
    const html = '<p>Plain <strong>text</strong></p><hr><header>x</header>';
    expect(renumberHeadings(html)).toBe(html);
  });
});
