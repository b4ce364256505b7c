import sharp from 'sharp';
import type { TestAccount } from './accounts';
import type { TestStack } from './test-stack';

/** A real PNG of the given size (sharp renders a flat colour). */
export function pngImage(width = 400, height = 300, colour = { r: 200, g: 80, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
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
  variants?: { sku: string; size?: string; colour?: string; price?: number; countInStock: number }[];
}

/** Creates a product through POST /api/products (JSON) as the given admin or distributor. */
export async function createProduct(stack: TestStack, actor: TestAccount, category: string, fields: ProductFixture = {}): Promise<Record<string, unknown> & { _id: string }> {
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
