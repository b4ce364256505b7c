import { getModelToken } from '@nestjs/mongoose';
import { StockLedgerRepository, type Product } from '@shop/database';
import type { Model } from 'mongoose';
import { parseCsv } from '../../apps/api/src/products/csv/csv';
import { ADDRESS, createAccount, createCategory, createProduct, insertProduct, readStock, type TestAccount } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

type Movement = {
  delta: number;
  level: number;
  productLevel: number;
  reason: string;
  variantSku?: string;
  actor?: { name: string };
  note?: string;
  order?: string;
};
type ImportRow = {
  row: number;
  id: string | null;
  valid: boolean;
  written: boolean;
  conflicts: { column: string; current: string; imported: string }[];
  overwrite: boolean;
};

/** One CSV line, quoting what needs it. */
function csvLine(cells: string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

describe('stock ledger and safe imports', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let ann: TestAccount;
  let category: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, ann] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack)]);
    category = await createCategory(stack, admin, 'Ledger Hats');
  });
  afterAll(() => stack?.stop());

  const http = () => stack.http();
  const buy = async (productId: string, quantity = 1, variantSku?: string): Promise<string> => {
    await http()
      .post('/api/cart')
      .set('Authorization', ann.bearer)
      .send({ productId, quantity, ...(variantSku ? { variantSku } : {}) })
      .expect(201);
    return (await http().post('/api/orders').set('Authorization', ann.bearer).send({ shippingAddress: ADDRESS, paymentMethod: 'cod' }).expect(201))
      .body.id as string;
  };
  const ledger = async (id: string): Promise<Movement[]> =>
    (await http().get(`/api/products/${id}/stock-ledger`).query({ perPage: '100' }).set('Authorization', admin.bearer).expect(200))
      .body as Movement[];
  const adjust = (id: string, body: Record<string, unknown>, who: TestAccount = admin) =>
    http().post(`/api/products/${id}/stock-adjustments`).set('Authorization', who.bearer).send(body);
  const exportCsv = async (id: string): Promise<string> => {
    const res = await http()
      .get('/api/products/export.csv')
      .query({ filter: JSON.stringify({ id: [id] }) })
      .set('Authorization', admin.bearer)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    return res.body as string;
  };
  const importCsv = (csv: string, query: Record<string, string>) =>
    http().post('/api/products/import').query(query).set('Authorization', admin.bearer).attach('file', Buffer.from(csv, 'utf8'), 'products.csv');

  /** Every product's and variant's stock equals the sum of its ledger lines. */
  async function expectLedgerMatchesStock(ids: string[]): Promise<void> {
    const repository = stack.app.get(StockLedgerRepository);
    const products = stack.app.get<Model<Product>>(getModelToken('Product'));
    const docs = await products
      .find({ _id: { $in: ids } })
      .lean()
      .exec();
    expect(docs).toHaveLength(ids.length);
    const sums = await repository.sums(docs.map((d) => d._id));
    for (const doc of docs) {
      const id = doc._id.toString();
      expect({ id, stock: sums.get(id) ?? 0 }).toEqual({ id, stock: doc.countInStock });
      for (const v of doc.variants) expect({ sku: v.sku, stock: sums.get(`${id}:${v.sku}`) ?? 0 }).toEqual({ sku: v.sku, stock: v.countInStock });
      expect(doc.stockMoves ?? []).toEqual([]);
    }
  }

  it('a stale re-import (export, a sale, import unchanged) leaves the sold stock and reports the conflict; overwrite sets it, recorded as import', async () => {
    const beanie = await createProduct(stack, admin, category, { name: 'Wool Beanie', countInStock: 40 });
    const file = await exportCsv(beanie._id);
    const [header, row] = parseCsv(file);
    expect(header.cells).toContain('version');

    await buy(beanie._id);
    expect((await readStock(stack, beanie._id)).countInStock).toBe(39);

    const preview = await importCsv(file, { mode: 'preview' }).expect(200);
    expect(preview.body).toMatchObject({ total: 1, valid: 1, conflicted: 1 });
    expect(preview.body.message).toContain('1 row changed since the export');
    const conflictRow = (preview.body.rows as ImportRow[])[0];
    expect(conflictRow.conflicts).toEqual([{ column: 'countInStock', current: '39', imported: '40' }]);
    expect(conflictRow.overwrite).toBe(false);

    const commit = await importCsv(file, { mode: 'commit' }).expect(200);
    expect(commit.body).toMatchObject({ committed: false, updated: 0, conflicted: 1 });
    expect((commit.body.rows as ImportRow[])[0].written).toBe(false);
    expect((await readStock(stack, beanie._id)).countInStock).toBe(39);

    const forced = await importCsv(file, { mode: 'commit', overwrite: beanie._id }).expect(200);
    expect(forced.body).toMatchObject({ committed: true, updated: 1, conflicted: 0 });
    expect((await readStock(stack, beanie._id)).countInStock).toBe(40);
    const lines = await ledger(beanie._id);
    expect(lines[0]).toMatchObject({ reason: 'import', delta: 1, level: 40, actor: { name: admin.username } });
    expect(lines.map((l) => l.reason)).toEqual(['import', 'sale', 'initial']);
    expect(row.cells).toHaveLength(header.cells.length);
    await expectLedgerMatchesStock([beanie._id]);
  });

  it("an import of a row still as exported adjusts stock by the file's change, and a sale between preview and commit turns it into a conflict", async () => {
    const cap = await createProduct(stack, admin, category, { name: 'Blue Cap', countInStock: 12 });
    const [header, row] = parseCsv(await exportCsv(cap._id));
    const stockAt = header.cells.indexOf('countInStock');
    const edited = [...row.cells];
    edited[stockAt] = '15';
    const file = `${csvLine(header.cells)}\r\n${csvLine(edited)}\r\n`;
    const preview = await importCsv(file, { mode: 'preview' }).expect(200);
    expect((preview.body.rows as ImportRow[])[0].conflicts).toEqual([]);

    await buy(cap._id, 2);
    const commit = await importCsv(file, { mode: 'commit' }).expect(200);
    expect(commit.body).toMatchObject({ updated: 0, conflicted: 1 });
    expect((await readStock(stack, cap._id)).countInStock).toBe(10);

    const [, fresh] = parseCsv(await exportCsv(cap._id));
    fresh.cells[stockAt] = '13';
    const adjusted = await importCsv(`${csvLine(header.cells)}\r\n${csvLine(fresh.cells)}\r\n`, { mode: 'commit' }).expect(200);
    expect(adjusted.body).toMatchObject({ updated: 1, conflicted: 0 });
    expect((await readStock(stack, cap._id)).countInStock).toBe(13);
    expect((await ledger(cap._id))[0]).toMatchObject({ reason: 'import', delta: 3, level: 13 });
    await expectLedgerMatchesStock([cap._id]);
  });

  it("a file without versions that changes stock is a conflict unless stock=set, which sets the file's values", async () => {
    const scarf = await createProduct(stack, admin, category, { name: 'Cashmere Scarf', countInStock: 8 });
    const file = `id,countInStock\r\n${scarf._id},5\r\n`;
    const preview = await importCsv(file, { mode: 'preview' }).expect(200);
    expect((preview.body.rows as ImportRow[])[0].conflicts).toEqual([{ column: 'countInStock', current: '8', imported: '5' }]);
    const set = await importCsv(file, { mode: 'commit', stock: 'set' }).expect(200);
    expect(set.body).toMatchObject({ updated: 1, conflicted: 0 });
    expect((await readStock(stack, scarf._id)).countInStock).toBe(5);
    expect((await ledger(scarf._id))[0]).toMatchObject({ reason: 'import', delta: -3, level: 5 });
    await importCsv(file, { mode: 'commit', overwrite: 'nonsense' }).expect(400);
  });

  it('manual adjustments need a reason (and a note for an adjustment), never go below zero, and name who made them', async () => {
    const belt = await createProduct(stack, admin, category, { name: 'Leather Belt', countInStock: 3 });
    const missingNote = await adjust(belt._id, { delta: -1, reason: 'adjustment' }).expect(400);
    expect(missingNote.body.errors.note).toMatch(/Say why the stock changed/);
    await adjust(belt._id, { delta: -1, reason: 'stolen' }).expect(400);
    await adjust(belt._id, { delta: 0, reason: 'restock' }).expect(400);
    const below = await adjust(belt._id, { delta: -4, reason: 'adjustment', note: 'Counted' }).expect(409);
    expect(below.body).toMatchObject({ code: 'STOCK_BELOW_ZERO', message: 'Only 3 in stock: taking out 4 would leave less than zero' });
    await adjust(belt._id, { delta: 1, reason: 'restock' }, ann).expect(403);

    const done = await adjust(belt._id, { delta: -2, reason: 'adjustment', note: '2 damaged in the stockroom' }).expect(200);
    expect(done.body).toEqual({ countInStock: 1, level: 1 });
    const [line] = await ledger(belt._id);
    expect(line).toMatchObject({ delta: -2, level: 1, reason: 'adjustment', note: '2 damaged in the stockroom', actor: { name: admin.username } });
    const product = (await http().get(`/api/products/${belt._id}`).expect(200)).body as Record<string, unknown>;
    expect(product).toMatchObject({ countInStock: 1, quantity: 1 });
    expect(product).not.toHaveProperty('stockMoves');
  });

  it('adjusts a variant by its SKU, and refuses a product with variants without one', async () => {
    const boots = await createProduct(stack, admin, category, {
      name: 'Chelsea Boots',
      variants: [
        { sku: 'CB-41', size: '41', countInStock: 2 },
        { sku: 'CB-42', size: '42', countInStock: 5 },
      ],
    });
    expect((await adjust(boots._id, { delta: 1, reason: 'restock' }).expect(400)).body.code).toBe('VARIANT_REQUIRED');
    expect((await adjust(boots._id, { delta: 1, reason: 'restock', variantSku: 'CB-99' }).expect(400)).body.code).toBe('VARIANT_NOT_FOUND');
    expect((await adjust(boots._id, { delta: 3, reason: 'return', variantSku: 'CB-41' }).expect(200)).body).toEqual({
      countInStock: 10,
      variantSku: 'CB-41',
      level: 5,
    });
    const lines = await ledger(boots._id);
    expect(lines[0]).toMatchObject({ variantSku: 'CB-41', delta: 3, level: 5, productLevel: 10, reason: 'return' });
    const only41 = (
      await http()
        .get(`/api/products/${boots._id}/stock-ledger`)
        .query({ filter: JSON.stringify({ variantSku: 'CB-41' }) })
        .set('Authorization', admin.bearer)
        .expect(200)
    ).body as Movement[];
    expect(only41.map((l) => [l.reason, l.delta])).toEqual([
      ['return', 3],
      ['initial', 2],
    ]);
  });

  it('the ledger sums to the stock of every product and variant after sales, cancellations, refunds, returns, imports, edits and adjustments', async () => {
    const tee = await createProduct(stack, admin, category, { name: 'Ledger Tee', countInStock: 20 });
    const shoes = await createProduct(stack, admin, category, {
      name: 'Ledger Trainers',
      variants: [
        { sku: 'LT-40', size: '40', countInStock: 4 },
        { sku: 'LT-41', size: '41', countInStock: 6 },
      ],
    });
    const first = await buy(tee._id, 3);
    await buy(shoes._id, 2, 'LT-41');
    const cancelled = await buy(shoes._id, 1, 'LT-40');
    await http().post(`/api/orders/${cancelled}/cancel`).set('Authorization', ann.bearer).expect(200);
    await http().post(`/api/orders/${first}/mark-paid`).set('Authorization', admin.bearer).expect(200);
    await http().post(`/api/orders/${first}/refund`).set('Authorization', admin.bearer).send({ reason: 'Damaged in transit' }).expect(200);
    await adjust(tee._id, { delta: 1, reason: 'return' }).expect(200);
    await adjust(shoes._id, { delta: -1, reason: 'adjustment', note: 'Display pair', variantSku: 'LT-40' }).expect(200);
    await http().put(`/api/products/${tee._id}`).set('Authorization', admin.bearer).send({ countInStock: 30 }).expect(200);
    await http()
      .put(`/api/products/${shoes._id}`)
      .set('Authorization', admin.bearer)
      .send({
        variants: [
          { sku: 'LT-41', size: '41', countInStock: 9 },
          { sku: 'LT-42', size: '42', countInStock: 2 },
        ],
      })
      .expect(200);
    const [header, row] = parseCsv(await exportCsv(tee._id));
    row.cells[header.cells.indexOf('countInStock')] = '25';
    await importCsv(`${csvLine(header.cells)}\r\n${csvLine(row.cells)}\r\n`, { mode: 'commit' }).expect(200);

    expect((await readStock(stack, tee._id)).countInStock).toBe(25);
    expect(await readStock(stack, shoes._id)).toMatchObject({ countInStock: 11, variants: { 'LT-41': 9, 'LT-42': 2 } });
    const reasons = new Set([...(await ledger(tee._id)), ...(await ledger(shoes._id))].map((l) => l.reason));
    expect([...reasons].sort()).toEqual(['adjustment', 'cancellation', 'edit', 'import', 'initial', 'return', 'sale']);
    const cancellation = (await ledger(shoes._id)).find((l) => l.reason === 'cancellation');
    expect(cancellation).toMatchObject({ variantSku: 'LT-40', delta: 1, order: cancelled });
    await expectLedgerMatchesStock([tee._id, shoes._id]);
  });

  it('40 stock changes at once on one product: one ledger line each, at its own level, none left on the product', async () => {
    const socks = await createProduct(stack, admin, category, { name: 'Ledger Socks', countInStock: 10 });
    const answers = await Promise.all(Array.from({ length: 40 }, () => adjust(socks._id, { delta: 1, reason: 'return' })));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 200));
    // Every answer came after its move was copied: nothing is pending on the product, without the sweep.
    await expectLedgerMatchesStock([socks._id]);
    const returns = (await ledger(socks._id)).filter((l) => l.reason === 'return');
    expect(returns.map((l) => l.level).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => 11 + i));
    expect((await readStock(stack, socks._id)).countInStock).toBe(50);
  });

  it('gives a product stored before the ledger its opening level once (the sweep), and the ledger follows it from there', async () => {
    const old = await insertProduct(stack, { name: 'Legacy Gloves', countInStock: 7 });
    const repository = stack.app.get(StockLedgerRepository);
    expect(await ledger(old.id)).toEqual([]);
    expect(await repository.openMissing()).toBeGreaterThanOrEqual(1);
    expect(await repository.openMissing()).toBe(0);
    await buy(old.id, 2);
    const lines = await ledger(old.id);
    expect(lines.map((l) => [l.reason, l.delta, l.level])).toEqual([
      ['sale', -2, 5],
      ['opening', 7, 7],
    ]);
    await expectLedgerMatchesStock([old.id]);
  });
});
