import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Types } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import { BlogsRepository, CategoriesRepository, ProductsRepository, SeedRunsRepository, UsersRepository, slugify } from '@shop/database';
import { JobsService } from '@shop/jobs';
import { MediaStorage, renderDemoImage } from '@shop/media';
import { hashPassword } from '../auth/password';
import { renderMarkdown } from '../blogs/markdown';
import { DEMO_BLOGS, DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-catalog';

/** Demo accounts: documented in the README; SEED_DEMO=false keeps them out of real shops. */
export const DEMO_ACCOUNTS = {
  distributor: { email: 'distributor@demo.shop', password: 'Distributor123!', username: 'Demo Distributor', storeName: 'Threadline Studio' },
  customer: { email: 'customer@demo.shop', password: 'Customer123!', username: 'Demo Customer' },
} as const;

const DEMO_TASK = 'demo-catalog-v1';

const REVIEW_TEXT = ['Great quality and fits true to size.', 'Lovely colour, exactly as pictured.', 'Comfortable and well made. Would buy again.', 'Good value, fast delivery.'];

@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly categories: CategoriesRepository,
    private readonly products: ProductsRepository,
    private readonly blogs: BlogsRepository,
    private readonly seedRuns: SeedRunsRepository,
    private readonly media: MediaStorage,
    private readonly jobs: JobsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureAdmin();
    if (this.config.seedDemo) await this.seedDemoOnce();
  }

  /** Creates ADMIN_EMAIL as an admin when no user has that e-mail. */
  async ensureAdmin(): Promise<boolean> {
    const { adminEmail, adminPassword } = this.config;
    if (!adminEmail || !adminPassword) return false;
    const existing = await this.users.findByEmail(adminEmail);
    if (existing) {
      if (!existing.isAdmin) this.logger.warn(`ADMIN_EMAIL ${adminEmail} belongs to a non-admin account; left unchanged`);
      return false;
    }
    try {
      await this.users.create({ username: 'Admin', email: adminEmail, passwordHash: await hashPassword(adminPassword), isAdmin: true });
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false; // another instance created it first
      throw error;
    }
    this.logger.log(`Created admin account ${adminEmail}`);
    return true;
  }

  /** Fills an empty database with the demo catalog, exactly once across instances and restarts. */
  async seedDemoOnce(): Promise<boolean> {
    if (!(await this.seedRuns.claim(DEMO_TASK))) return false;
    try {
      if ((await this.products.count()) > 0) {
        await this.seedRuns.finish(DEMO_TASK);
        return false;
      }
      const started = Date.now();
      await this.seedDemo();
      await this.seedRuns.finish(DEMO_TASK);
      this.logger.log(`Demo catalog seeded in ${Date.now() - started} ms`);
      return true;
    } catch (error) {
      await this.seedRuns.release(DEMO_TASK);
      throw error;
    }
  }

  private async image(shape: Parameters<typeof renderDemoImage>[0], colour: string, background: string, variant: number): Promise<string> {
    const id = await this.media.saveImage(await renderDemoImage(shape, colour, background, variant), 'image/webp', `demo-${shape}.webp`);
    await this.jobs.enqueue('media.thumbnails', { fileId: id }, id);
    return `/api/images/${id}`;
  }

  private async seedDemo(): Promise<void> {
    const categoryIds = new Map<string, Types.ObjectId>();
    for (const name of DEMO_CATEGORIES) categoryIds.set(name, (await this.categories.create(name))._id);

    const distributor = await this.users.create({
      ...DEMO_ACCOUNTS.distributor,
      passwordHash: await hashPassword(DEMO_ACCOUNTS.distributor.password),
      isDistributor: true,
    });
    const customer = await this.users.create({ ...DEMO_ACCOUNTS.customer, passwordHash: await hashPassword(DEMO_ACCOUNTS.customer.password) });

    const products = [];
    const now = Date.now();
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const image = await this.image(p.shape, p.colour, p.background, 0);
      const additionalImages = [await this.image(p.shape, p.colour, p.background, 1), await this.image(p.shape, p.colour, p.background, 3)];
      products.push({
        name: p.name,
        slug: slugify(p.name),
        description: p.description,
        priceCents: p.price,
        compareAtPriceCents: p.compareAt,
        category: categoryIds.get(p.category) as Types.ObjectId,
        brand: p.brand,
        quantity: p.stock,
        countInStock: p.stock,
        image,
        additionalImages,
        specifications: p.specs,
        isSpecial: p.special === true,
        status: 'published' as const,
        owner: p.special ? distributor._id : undefined,
        ...(p.numReviews > 0
          ? {
              rating: Math.round(p.rating),
              numReviews: 1,
              reviews: [{ user: customer._id, name: customer.username, rating: Math.round(p.rating), comment: REVIEW_TEXT[i % REVIEW_TEXT.length] }],
            }
          : { rating: 0, numReviews: 0 }),
        // Spread creation times over the past weeks so "new arrivals" has an order.
        createdAt: new Date(now - (DEMO_PRODUCTS.length - i) * 3_600_000 * 7),
      });
    }
    await this.products.insertMany(products);

    for (const [i, blog] of DEMO_BLOGS.entries()) {
      await this.blogs.insertMany([
        {
          title: blog.title,
          slug: slugify(blog.title),
          excerpt: blog.excerpt,
          body: blog.body,
          bodyHtml: renderMarkdown(blog.body),
          coverImage: await this.image(blog.shape, blog.colour, '#f5f5f4', 2),
          tags: blog.tags,
          published: true,
          publishedAt: new Date(now - (DEMO_BLOGS.length - i) * 86_400_000 * 3),
        },
      ]);
    }
  }
}
