import { getModelToken } from '@nestjs/mongoose';
import { randomBytes } from 'node:crypto';
import { Model, Types } from 'mongoose';
import { Product, type ProductStatus } from '@shop/database';
import type { TestStack } from './test-stack';

export interface ProductFixture {
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
  return stack.app.get<Model<Product>>(getModelToken(Product.name));
}

/** Inserts a catalog product through the Product model (quantity mirrors countInStock). */
export async function createProduct(stack: TestStack, fixture: ProductFixture = {}): Promise<CreatedProduct> {
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

export async function setProduct(stack: TestStack, id: string, fields: Partial<Pick<Product, 'priceCents' | 'status' | 'countInStock' | 'quantity'>>): Promise<void> {
  await productModel(stack).updateOne({ _id: id }, { $set: fields }).exec();
}

export const ADDRESS = { fullName: 'Ann Smith', address: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'USA', phone: '+1 555 0100' };
