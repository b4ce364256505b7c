import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Types } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '@shop/config';
import {
  BlogsRepository,
  CategoriesRepository,
  CouponsRepository,
  hashPassword,
  ProductsRepository,
  renderMarkdown,
  SeedRunsRepository,
  UsersRepository,
  slugify,
  type SeedRunRecord,
} from '@shop/database';
import { JobsService } from '@shop/jobs';
import { DEMO_VIEWS, MediaStorage, renderDemoCover, renderDemoImage } from '@shop/media';
import { DEMO_BLOGS, DEMO_CATEGORIES, DEMO_CONTRIBUTORS, DEMO_COUPONS, DEMO_PRODUCTS, DEMO_REVIEWERS, STUDIO_JOINED_DAYS_AGO } from './demo-catalog';

/** Demo accounts: documented in the README; SEED_DEMO=false keeps them out of real shops. */
export const DEMO_ACCOUNTS = {
  distributor: { email: 'distributor@demo.shop', password: 'Distributor123!', username: 'Demo Distributor', storeName: 'Threadline Studio' },
  customer: { email: 'customer@demo.shop', password: 'Customer123!', username: 'Demo Customer' },
} as const;

export const DEMO_TASK = 'demo-catalog-v1';

/**
 * Accounts the demo seeds: the two documented ones, the other contributors (distributors with a store) and the
 * customers who wrote the demo reviews. Only DEMO_ACCOUNTS have a known password.
 */
export const DEMO_ACCOUNT_COUNT = 2 + DEMO_CONTRIBUTORS.length + DEMO_REVIEWERS.length;

/** Items of the demo catalogue: categories, the demo accounts, products, blog posts and the public coupons. */
export const DEMO_ITEM_COUNT = DEMO_CATEGORIES.length + DEMO_ACCOUNT_COUNT + DEMO_PRODUCTS.length + DEMO_BLOGS.length + DEMO_COUPONS.length;

const DAY_MS = 86_400_000;

/** Images the demo catalogue stores: front, back and detail per product, a front per further colour, a cover per blog post. */
export const DEMO_IMAGE_COUNT = DEMO_PRODUCTS.reduce((sum, p) => sum + DEMO_VIEWS.length + p.colours.length - 1, 0) + DEMO_BLOGS.length;

/** GridFS names of the demo images, fixed so that a resumed seed finds the images an interrupted one stored. */
export const DEMO_IMAGE_PREFIX = 'demo/';

/** A seeder's claim lasts this long unless renewed (after every item and every RENEW_MS). */
const LEASE_MS = 30_000;
const RENEW_MS = 5_000;
/** How often an instance that is not seeding looks whether the seeder finished or died. */
const WATCH_MS = 1_000;
const ATTEMPTS = 3;

export type SeedState = 'seeding' | 'done' | 'disabled' | 'failed';

export interface SeedStatus {
  state: SeedState;
  /** Demo items present (categories, accounts, products, blog posts), out of total. */
  done: number;
  total: number;
}

/** What one call of seedDemo() ended with. */
export type SeedOutcome = 'seeded' | 'already-done' | 'skipped' | 'interrupted';

class LeaseLost extends Error {}

/** This process's id in seed_runs.owner: host, pid and a random part (two seeders in one process differ). */
function ownerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** True when owner names a process on this host that no longer exists (killed, crashed): its lease is void. */
export function isDeadLocalOwner(owner: string | undefined): boolean {
  if (!owner) return false;
  const [host, pidText] = owner.split(':');
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Fills an empty database with the demo catalogue: the worker's media.demo-catalog job (queued by the API at boot
 * while SEED_DEMO is on) and `npm run seed` run it; the shop answers meanwhile (GET /api/seed/status reads how far
 * from seed_runs). Every item is keyed (category name, e-mail, product and blog slug, image file name) and added
 * only when missing, under a lease in seed_runs: a seed killed at any point is completed by the next run (or by
 * another instance once the lease expires), never left half-done and never doubled. A database with products but no seed run (a real shop) is never seeded; a finished seed never
 * runs again.
 */
@Injectable()
export class SeedService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SeedService.name);
  private readonly owner = ownerId();
  private current: SeedStatus;
  private running?: Promise<SeedStatus>;
  private readonly stop = new AbortController();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly categories: CategoriesRepository,
    private readonly products: ProductsRepository,
    private readonly blogs: BlogsRepository,
    private readonly seedRuns: SeedRunsRepository,
    private readonly coupons: CouponsRepository,
    private readonly media: MediaStorage,
    private readonly jobs: JobsService,
  ) {
    this.current = config.seedDemo ? { state: 'seeding', done: 0, total: DEMO_ITEM_COUNT } : { state: 'disabled', done: 0, total: 0 };
  }

  /** A clean stop (SIGTERM, app.close()) ends the seed after its current item and hands the task back. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stop.abort();
    if (!this.running) return;
    const waited = new AbortController();
    await Promise.race([this.running, sleep(15_000, undefined, { signal: waited.signal, ref: false }).catch(() => undefined)]);
    waited.abort();
  }

  status(): SeedStatus {
    return { ...this.current };
  }

  /**
   * One run for the worker's job: to the end, or an error when it did not get there (a shutdown stopped it, or it
   * failed), so BullMQ tries the job again and the next attempt resumes where this one stopped.
   */
  async runJob(): Promise<SeedOutcome> {
    const started = Date.now();
    const run = this.seedDemo(this.stop.signal);
    this.running = run.then(
      () => this.status(),
      () => this.status(),
    );
    const outcome = await run;
    this.log(outcome, started);
    if (outcome === 'interrupted')
      throw new Error(`the demo seed stopped at ${this.current.done}/${this.current.total} (shutdown); the next attempt resumes it`);
    return outcome;
  }

  /** Starts the seed (with retries, for `npm run seed`) unless it runs already; settled() tells when it ends. */
  start(): Promise<SeedStatus> {
    this.running ??= this.runInBackground();
    return this.running;
  }

  /** The background seed's end (or the current status when none was started). */
  settled(): Promise<SeedStatus> {
    return this.running ?? Promise.resolve(this.status());
  }

  private async runInBackground(): Promise<SeedStatus> {
    const started = Date.now();
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        this.log(await this.seedDemo(this.stop.signal), started);
        return this.status();
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt === ATTEMPTS || this.stop.signal.aborted) {
          this.current = { ...this.current, state: 'failed' };
          this.logger.error(`Demo catalogue seeding failed: ${message}. Restart the shop to resume it.`);
          return this.status();
        }
        this.logger.warn(`Demo catalogue seeding failed (attempt ${attempt} of ${ATTEMPTS}): ${message}; retrying`);
        await sleep(2_000 * attempt, undefined, { signal: this.stop.signal }).catch(() => undefined);
      }
    }
    return this.status();
  }

  private log(outcome: SeedOutcome, started: number): void {
    if (outcome === 'seeded') this.logger.log(`Demo catalogue seeded in ${Date.now() - started} ms`);
    if (outcome === 'skipped') this.logger.log('Demo catalogue not seeded: the database already has products');
    if (outcome === 'interrupted')
      this.logger.log(`Demo catalogue seeding stopped at ${this.current.done}/${this.current.total}; the next run resumes it`);
  }

  /**
   * Runs the demo seed to its end: claims the task (or waits while another live seeder holds it), adds what is
   * missing, marks it finished. Resolves 'interrupted' when signal aborts (the task is handed back).
   */
  async seedDemo(signal?: AbortSignal): Promise<SeedOutcome> {
    for (;;) {
      if (signal?.aborted) return 'interrupted';
      const record = await this.seedRuns.find(DEMO_TASK);
      if (record?.finishedAt) {
        this.current = { state: 'done', done: record.total ?? DEMO_ITEM_COUNT, total: record.total ?? DEMO_ITEM_COUNT };
        return 'already-done';
      }
      let claimed: SeedRunRecord | null = null;
      if (!record) {
        if ((await this.products.count()) > 0) {
          // A shop in use that was never seeded: leave it alone, for good.
          await this.seedRuns.createSkipped(DEMO_TASK);
          this.current = { state: 'done', done: 0, total: 0 };
          return 'skipped';
        }
        if (await this.seedRuns.create(DEMO_TASK, this.owner, LEASE_MS)) claimed = await this.seedRuns.find(DEMO_TASK);
      } else {
        claimed = await this.seedRuns.takeOver(DEMO_TASK, this.owner, LEASE_MS, isDeadLocalOwner(record.owner) ? record.owner : undefined);
        if (claimed && record.owner)
          this.logger.warn(
            `Resuming the demo catalogue seed that ${record.owner} left unfinished (${record.done ?? 0}/${record.total ?? DEMO_ITEM_COUNT})`,
          );
      }
      if (claimed) {
        try {
          await this.fill(claimed, signal);
        } catch (error) {
          if (error instanceof LeaseLost) continue; // another instance took over: watch it like any other seeder
          await this.seedRuns.release(DEMO_TASK, this.owner).catch(() => undefined);
          throw error;
        }
        if (signal?.aborted) {
          await this.seedRuns.release(DEMO_TASK, this.owner);
          this.current = { ...this.current, state: 'seeding' };
          return 'interrupted';
        }
        await this.seedRuns.finish(DEMO_TASK, this.owner, DEMO_ITEM_COUNT);
        this.current = { state: 'done', done: DEMO_ITEM_COUNT, total: DEMO_ITEM_COUNT };
        return 'seeded';
      }
      // Someone else is seeding: show its progress, look again soon.
      const latest = await this.seedRuns.find(DEMO_TASK);
      this.current = { state: latest?.finishedAt ? 'done' : 'seeding', done: latest?.done ?? 0, total: latest?.total ?? DEMO_ITEM_COUNT };
      await sleep(WATCH_MS, undefined, { signal }).catch(() => undefined);
    }
  }

  /** Adds every missing demo item, in a fixed order, renewing the lease after each; stops early when signal aborts. */
  private async fill(run: SeedRunRecord, signal?: AbortSignal): Promise<void> {
    const total = DEMO_ITEM_COUNT;
    let done = 0;
    let lost = false;
    const renew = async (): Promise<void> => {
      if (!(await this.seedRuns.renew(DEMO_TASK, this.owner, LEASE_MS, done, total))) lost = true;
    };
    const timer = setInterval(() => void renew().catch(() => undefined), RENEW_MS);
    const step = async (): Promise<boolean> => {
      done += 1;
      this.current = { state: 'seeding', done, total };
      await renew();
      if (lost) throw new LeaseLost('another instance took over the demo seed');
      return !signal?.aborted;
    };
    try {
      this.current = { state: 'seeding', done, total };
      // Times relative to the run's start, so a resumed seed spreads "new arrivals" exactly like an uninterrupted one.
      const base = run.startedAt.getTime();
      const images = await this.seedRuns.imagesNamed(DEMO_IMAGE_PREFIX);
      const image = async (key: string, render: () => Promise<Buffer>): Promise<string> => {
        const filename = `${DEMO_IMAGE_PREFIX}${key}.webp`;
        let id = images.get(filename);
        if (!id) {
          id = await this.media.saveImage(await render(), 'image/webp', filename);
          images.set(filename, id);
        }
        await this.jobs.enqueue('media.thumbnails', { fileId: id }, id);
        return `/api/images/${id}`;
      };

      const categoryIds = new Map<string, Types.ObjectId>();
      const existingCategories = async () => new Map((await this.categories.findAll()).map((c) => [c.name.toLowerCase(), c._id]));
      let known = await existingCategories();
      for (const name of DEMO_CATEGORIES) {
        let id = known.get(name.toLowerCase());
        if (!id) {
          try {
            id = (await this.categories.create(name))._id;
          } catch (error) {
            if ((error as { code?: number }).code !== 11000) throw error;
            known = await existingCategories();
            id = known.get(name.toLowerCase());
          }
        }
        if (!id) throw new Error(`demo category ${name} could not be created`);
        categoryIds.set(name, id);
        if (!(await step())) return;
      }

      // Contributors and reviewers get one unguessable password (nobody signs in as them): hashed once, when needed.
      let unusable: Promise<string> | undefined;
      const account = async (
        user: { email: string; password?: string; username: string; storeName?: string; joinedDaysAgo?: number },
        isDistributor: boolean,
      ) => {
        const existing = await this.users.findByEmail(user.email);
        if (existing) return existing;
        const passwordHash = user.password
          ? await hashPassword(user.password)
          : await (unusable ??= hashPassword(randomBytes(24).toString('base64url')));
        try {
          // Contributors and reviewers joined on days of their own, before their products and reviews.
          const createdAt = user.joinedDaysAgo !== undefined ? new Date(base - user.joinedDaysAgo * DAY_MS) : undefined;
          return await this.users.create({
            username: user.username,
            email: user.email,
            ...(user.storeName ? { storeName: user.storeName } : {}),
            passwordHash,
            ...(isDistributor ? { isDistributor: true } : {}),
            ...(createdAt ? { createdAt } : {}),
          });
        } catch (error) {
          const again = (error as { code?: number }).code === 11000 ? await this.users.findByEmail(user.email) : null;
          if (!again) throw error;
          return again;
        }
      };
      const distributor = await account({ ...DEMO_ACCOUNTS.distributor, joinedDaysAgo: STUDIO_JOINED_DAYS_AGO }, true);
      if (!(await step())) return;
      await account(DEMO_ACCOUNTS.customer, false);
      if (!(await step())) return;
      const owners = new Map<string, Types.ObjectId>([[DEMO_ACCOUNTS.distributor.email, distributor._id]]);
      for (const contributor of DEMO_CONTRIBUTORS) {
        owners.set(contributor.email, (await account(contributor, true))._id);
        if (!(await step())) return;
      }
      const reviewers: { _id: Types.ObjectId; username: string }[] = [];
      for (const reviewer of DEMO_REVIEWERS) {
        reviewers.push(await account(reviewer, false));
        if (!(await step())) return;
      }

      const present = await this.seedRuns.existingProductSlugs(DEMO_PRODUCTS.map((p) => slugify(p.name)));
      for (const p of DEMO_PRODUCTS) {
        const slug = slugify(p.name);
        if (!present.has(slug)) {
          // The views (and a front per further colour) render side by side (sharp works on libuv's threads); each
          // has its own fixed name. The art is the product kind's drawing in DEMO_ART, nothing else.
          const [front, ...others] = await Promise.all(
            DEMO_VIEWS.map((view, v) => image(`products/${slug}/${v}`, () => renderDemoImage(p.kind, p.colours[0].hex, p.background, view))),
          );
          const colourFronts = await Promise.all(
            p.colours.slice(1).map((c, n) => image(`products/${slug}/colour-${n + 1}`, () => renderDemoImage(p.kind, c.hex, p.background, 'front'))),
          );
          const colourImage = [front, ...colourFronts];
          const reviews = p.reviews.map((r) => ({
            user: reviewers[r.reviewer]._id,
            name: reviewers[r.reviewer].username,
            rating: r.rating,
            comment: r.comment,
            status: 'approved' as const,
            createdAt: new Date(base - r.daysAgo * DAY_MS),
          }));
          const ratingTotal = reviews.reduce((sum, r) => sum + r.rating, 0);
          await this.insertIgnoringDuplicate(() =>
            this.products.insertMany([
              {
                name: p.name,
                slug,
                description: p.description,
                priceCents: p.price,
                compareAtPriceCents: p.compareAt,
                category: categoryIds.get(p.category) as Types.ObjectId,
                brand: p.brand,
                quantity: p.stock,
                countInStock: p.stock,
                image: front,
                additionalImages: [...others, ...colourFronts],
                specifications: p.specs,
                isSpecial: p.special === true,
                status: 'published' as const,
                owner: p.ownerEmail ? owners.get(p.ownerEmail) : undefined,
                variants: p.variants.map((v) => ({
                  sku: v.sku,
                  size: v.size || undefined,
                  colour: v.colour,
                  countInStock: v.countInStock,
                  image: colourImage[v.colourIndex],
                })),
                // Rating and count as the review routes keep them: the average of the approved reviews, one decimal.
                rating: reviews.length > 0 ? Math.round((ratingTotal / reviews.length) * 10) / 10 : 0,
                numReviews: reviews.length,
                reviews,
                // Listed over the past months, in the catalogue's order, so "new arrivals" has an order and every review follows its listing.
                createdAt: new Date(base - p.listedDaysAgo * DAY_MS),
              },
            ]),
          );
        }
        if (!(await step())) return;
      }

      for (const [i, blog] of DEMO_BLOGS.entries()) {
        const slug = slugify(blog.title);
        if (!(await this.blogs.findBySlug(slug))) {
          const coverImage = await image(`blogs/${slug}/cover`, () => renderDemoCover(blog.cover, blog.coverBackground));
          await this.insertIgnoringDuplicate(() =>
            this.blogs.insertMany([
              {
                title: blog.title,
                slug,
                excerpt: blog.excerpt,
                body: blog.body,
                bodyHtml: renderMarkdown(blog.body),
                coverImage,
                tags: blog.tags,
                // Written by the demo studio's account, so the journal shows a byline (issue #41: no null authors).
                author: distributor._id,
                published: true,
                publishedAt: new Date(base - (DEMO_BLOGS.length - i) * 86_400_000 * 3),
              },
            ]),
          );
        }
        if (!(await step())) return;
      }

      // The public coupons the offers page lists (and the FAQ points to), keyed by code.
      for (const coupon of DEMO_COUPONS) {
        if (!(await this.coupons.findByCode(coupon.code))) {
          await this.insertIgnoringDuplicate(() => this.coupons.create({ ...coupon, active: true, public: true }));
        }
        if (!(await step())) return;
      }
    } finally {
      clearInterval(timer);
    }
  }

  /** An insert keyed by a unique index: a duplicate means the item is there already (a concurrent seeder added it). */
  private async insertIgnoringDuplicate(insert: () => Promise<unknown>): Promise<void> {
    try {
      await insert();
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
    }
  }
}
