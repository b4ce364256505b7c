import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { BlogsRepository, ProductsRepository } from '@shop/database';

/** Storefront pages worth indexing that exist without data (the rest come from the catalog and the blog). */
export const SITEMAP_PAGES = [
  '/',
  '/shop',
  '/specialshop',
  '/offers',
  '/blogs',
  '/contributors',
  '/faq',
  '/contact',
  '/shipping',
  '/returns',
  '/help',
  '/termsAndConditions',
];

/** Private or per-user storefront pages, the console and the API: never crawled. */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/admin',
  '/cart',
  '/checkout',
  '/profile',
  '/order/',
  '/user-orders',
  '/favorite',
  '/login',
  '/register',
  '/distributor/',
  '/forgot-password',
  '/reset-password/',
  '/verify-deletion/',
];

/** A sitemap file holds at most 50,000 URLs; the static pages and posts leave room for this many products. */
export const SITEMAP_MAX_PRODUCTS = 45_000;
const SITEMAP_MAX_POSTS = 4_000;
/** How long a built sitemap is served before it is rebuilt (search engines read it a few times a day). */
export const SITEMAP_TTL_MS = 5 * 60_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${xml(loc)}</loc>${modified}</url>`;
}

/** robots.txt and sitemap.xml of the storefront, with absolute URLs on PUBLIC_URL. */
@Injectable()
export class SeoService {
  private built: { xml: string; at: number } | undefined;
  private building: Promise<string> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly products: ProductsRepository,
    private readonly blogs: BlogsRepository,
  ) {}

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** The sitemap is rebuilt at most every few minutes: it reads every published product, and anyone may ask. */
  async sitemap(now = Date.now()): Promise<string> {
    if (this.built && now - this.built.at < SITEMAP_TTL_MS) return this.built.xml;
    this.building ??= this.build().finally(() => (this.building = undefined));
    const xml = await this.building;
    this.built = { xml, at: Date.now() };
    return xml;
  }

  private async build(): Promise<string> {
    const base = this.config.publicUrl;
    const [products, posts] = await Promise.all([
      this.products.publishedEntries(SITEMAP_MAX_PRODUCTS),
      this.blogs.publishedEntries(SITEMAP_MAX_POSTS),
    ]);
    const entries = [
      ...SITEMAP_PAGES.map((path) => urlEntry(`${base}${path}`)),
      ...products.map((p) => urlEntry(`${base}/product/${p._id.toString()}`, p.updatedAt)),
      ...posts.map((b) => urlEntry(`${base}/blog/${b._id.toString()}`, b.updatedAt)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }
}
