import { BlogsRepository } from '@shop/database';
import { insertProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

describe('robots.txt and sitemap.xml', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('robots.txt is plain text at the site root: crawl the shop, not the API, console, cart or account pages', async () => {
    const res = await stack.http().get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/admin', '/cart', '/checkout', '/profile']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
    expect(res.text).not.toMatch(/<html/i);
    await stack.http().get('/api/robots.txt').expect(404);
  });

  it('sitemap.xml lists the shop pages, every published product and published post, and nothing else', async () => {
    const published = await insertProduct(stack, { name: 'Sitemap Linen Shirt' });
    const pending = await insertProduct(stack, { status: 'pending' });
    const blogs = stack.app.get(BlogsRepository);
    const post = await blogs.create({
      title: 'Care for linen',
      slug: 'care-for-linen',
      excerpt: 'e',
      body: 'b',
      bodyHtml: '<p>b</p>',
      tags: [],
      published: true,
      publishedAt: new Date(),
    });
    const draft = await blogs.create({ title: 'Draft', slug: 'draft', excerpt: 'e', body: 'b', bodyHtml: '<p>b</p>', tags: [], published: false });

    const res = await stack.http().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://shop.test/',
        'http://shop.test/shop',
        `http://shop.test/product/${published.id}`,
        `http://shop.test/blog/${post.toString()}`,
      ]),
    );
    expect(locs).not.toContain(`http://shop.test/product/${pending.id}`);
    expect(locs).not.toContain(`http://shop.test/blog/${draft.toString()}`);
    expect(locs.some((l) => l.includes('/cart') || l.includes('/admin'))).toBe(false);
    expect(res.text).toMatch(new RegExp(`<loc>http://shop.test/product/${published.id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
  });
});
