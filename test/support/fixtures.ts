/**
 * The test fixtures of every tier: accounts (customers, admins, distributors), categories, products (through the API,
 * or inserted straight into the database), images and an address. They take a running stack (test-stack.ts, or the
 * browser tier's shop) and use only its HTTP client and its database connection.
 */
import { getConnectionToken, getModelToken } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import { Types } from 'mongoose';
import sharp from 'sharp';
import type { Product, ProductStatus } from '@shop/database';
import type { TestStack } from './test-stack';

// --- accounts

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  username: string;
  token: string;
  /** Authorization header value. */
  bearer: string;
}

export type AccountRole = 'customer' | 'admin' | 'distributor';

/**
 * Registers a user through the real API and signs in. Admins and distributors are promoted directly in
 * the database (there is no public way to become one), then signed in again so the token is fresh.
 */
export async function createAccount(
  stack: TestStack,
  role: AccountRole = 'customer',
  overrides: Partial<Pick<TestAccount, 'email' | 'password' | 'username'>> = {},
): Promise<TestAccount> {
  const tag = randomBytes(4).toString('hex');
  const email = overrides.email ?? `${role}-${tag}@example.com`;
  const password = overrides.password ?? `pw-${tag}-long-enough`;
  const username = overrides.username ?? `${role} ${tag}`;
  const registered = await stack.http().post('/api/users').send({ username, email, password });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (role !== 'customer') {
    const db = stack.app.get<Connection>(getConnectionToken());
    await db
      .collection('users')
      .updateOne({ email }, { $set: role === 'admin' ? { isAdmin: true } : { isDistributor: true, storeName: `Store ${tag}` } });
  }
  const login = await stack.http().post('/api/users/auth').send({ email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: login.body._id, email, password, username, token: login.body.token, bearer: `Bearer ${login.body.token}` };
}

// --- categories, products and images

/** A real PNG of the given size (sharp renders a flat colour). */
export function pngImage(width = 400, height = 300, colour = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function createCategory(stack: TestStack, admin: TestAccount, name: string): Promise<string> {
  const res = await stack.http().post('/api/category').set('Authorization', admin.bearer).send({ name });
  if (res.status !== 201) throw new Error(`category failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

export interface ProductFixture {
  name?: string;
  description?: string;
  price?: number;
  compareAtPrice?: number;
  brand?: string;
  countInStock?: number;
  quantity?: number;
  image?: string;
  isSpecial?: boolean;
  specifications?: Record<string, string>;
  variants?: { sku: string; size?: string; colour?: string; price?: number; countInStock: number; image?: string }[];
}

/** Creates a product through POST /api/products (JSON) as the given admin or distributor. */
export async function createProduct(
  stack: TestStack,
  actor: TestAccount,
  category: string,
  fields: ProductFixture = {},
): Promise<Record<string, unknown> & { _id: string }> {
  const res = await stack
    .http()
    .post('/api/products')
    .set('Authorization', actor.bearer)
    .send({
      name: 'Plain tee',
      description: 'A soft cotton tee.',
      price: 19.99,
      brand: 'Threadline',
      // With variants, stock is their sum: a default top-level count would disagree with it (400 STOCK_MISMATCH).
      ...(fields.variants ? {} : { countInStock: 10 }),
      image: 'https://cdn.example.com/tee.jpg',
      category,
      ...fields,
    });
  if (res.status !== 201) throw new Error(`product failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

// --- products as stored

export interface StoredProductFixture {
  name?: string;
  priceCents?: number;
  countInStock?: number;
  status?: ProductStatus;
  variants?: { sku: string; size?: string; colour?: string; priceCents?: number; countInStock: number }[];
}

export interface CreatedProduct {
  id: string;
  name: string;
  priceCents: number;
}

function productModel(stack: TestStack): Model<Product> {
  return stack.app.get<Model<Product>>(getModelToken('Product'));
}

/**
 * Inserts a catalog product straight into the database (quantity mirrors countInStock): for tests about what
 * happens to a product, not about creating one. createProduct makes one through the API.
 */
export async function insertProduct(stack: TestStack, fixture: StoredProductFixture = {}): Promise<CreatedProduct> {
  const tag = randomBytes(4).toString('hex');
  const name = fixture.name ?? `Tee ${tag}`;
  const countInStock = fixture.countInStock ?? 10;
  const doc = await productModel(stack).create({
    name,
    slug: `tee-${tag}`,
    description: 'A test product',
    priceCents: fixture.priceCents ?? 1999,
    category: new Types.ObjectId(),
    brand: 'Test',
    quantity: countInStock,
    countInStock,
    image: '/api/images/000000000000000000000000',
    status: fixture.status ?? 'published',
    variants: fixture.variants ?? [],
  });
  return { id: doc._id.toString(), name, priceCents: doc.priceCents };
}

/** The product's stock as stored (countInStock, quantity and each variant's count). */
export async function readStock(stack: TestStack, id: string): Promise<{ countInStock: number; quantity: number; variants: Record<string, number> }> {
  const p = await productModel(stack).findById(id).lean().exec();
  if (!p) throw new Error(`no product ${id}`);
  return { countInStock: p.countInStock, quantity: p.quantity, variants: Object.fromEntries(p.variants.map((v) => [v.sku, v.countInStock])) };
}

export async function setProduct(
  stack: TestStack,
  id: string,
  fields: Partial<Pick<Product, 'priceCents' | 'status' | 'countInStock' | 'quantity'>>,
): Promise<void> {
  await productModel(stack).updateOne({ _id: id }, { $set: fields }).exec();
}

export const ADDRESS = {
  fullName: 'Ann Smith',
  address: '1 Main Street',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
  phone: '+12015550123',
};
