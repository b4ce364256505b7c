import { parseCsv } from '../../apps/api/src/products/csv/csv';
import { createAccount, type TestAccount, createCategory, createProduct } from '../support/fixtures';
import { startTestStack, type TestStack } from '../support/test-stack';

type Row = { row: number; action: string; id: string | null; name: string | null; valid: boolean; written: boolean; errors: Record<string, string> };
type Product = Record<string, unknown> & { _id: string; name: string };

/** The product fields a CSV round trip must keep (updatedAt changes on every write, reviews are not exported). */
function comparable(p: Product): Record<string, unknown> {
  const { updatedAt: _u, reviews: _r, ...rest } = p;
  return rest;
}

/** The test's own RFC 4180 writer (quotes every field that needs it). */
function csvLine(cells: string[]): string {
  return cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

const HEADER = 'id,name,description,price,compareAtPrice,category,brand,countInStock,status,isSpecial,image,additionalImages,specifications,variants';

describe('product CSV export and import (/api/products/export.csv, /api/products/import)', () => {
  let stack: TestStack;
  let admin: TestAccount;
  let customer: TestAccount;
  let category: string;

  beforeAll(async () => {
    stack = await startTestStack();
    [admin, customer] = await Promise.all([createAccount(stack, 'admin'), createAccount(stack, 'customer')]);
    category = await createCategory(stack, admin, 'Csv Tops');
    await createCategory(stack, admin, 'Csv Pants');
  });
  afterAll(() => stack?.stop());

  async function exportCsv(filter?: Record<string, unknown>): Promise<string> {
    const res = await stack
      .http()
      .get('/api/products/export.csv')
      .query(filter ? { filter: JSON.stringify(filter) } : {})
      .set('Authorization', admin.bearer)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    return res.body as string;
  }

  function importCsv(csv: string | Buffer, query: Record<string, string> = {}, account: TestAccount | null = admin) {
    const req = stack.http().post('/api/products/import').query(query);
    if (account) req.set('Authorization', account.bearer);
    return req.attach('file', Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'), 'products.csv');
  }

  async function getProduct(id: string): Promise<Product> {
    const res = await stack.http().get(`/api/products/${id}`).set('Authorization', admin.bearer).expect(200);
    return res.body as Product;
  }

  it('answers 401 to guests and 403 to customers, on both routes', async () => {
    expect((await stack.http().get('/api/products/export.csv')).status).toBe(401);
    const forbidden = await stack.http().get('/api/products/export.csv').set('Authorization', customer.bearer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('ADMIN_ONLY');
    expect((await importCsv(`${HEADER}\r\n`, {}, null)).status).toBe(401);
    const customerImport = await importCsv(`${HEADER}\r\n`, {}, customer);
    expect(customerImport.status).toBe(403);
    expect(customerImport.body.code).toBe('ADMIN_ONLY');
  });

  it('exports with RFC 4180 quoting (commas, quotes, line breaks, UTF-8) and re-imports it unchanged, field by field', async () => {
    const tricky = await createProduct(stack, admin, category, {
      name: 'Tee, "classic" cut',
      description: 'Line one\nLine two, with a comma\r\nand "quotes" — ünïcödé ✓',
      price: 19.99,
      compareAtPrice: 29.5,
      brand: 'Roundtrip',
      image: 'https://cdn.example.com/tee.jpg',
      isSpecial: true,
      specifications: { Material: 'Cotton, organic', 'Fit "type"': 'Regular\nslim' },
      variants: [
        { sku: 'RT-S', size: 'S', colour: 'red', countInStock: 3 },
        { sku: 'RT-M', size: 'M', price: 21.5, countInStock: 4 },
      ],
    });
    const plain = await createProduct(stack, admin, category, {
      name: 'Plain roundtrip',
      brand: 'Roundtrip',
      countInStock: 7,
      image: '/api/images/665f1c2e9d1e8a0012345678',
    });
    await stack
      .http()
      .put(`/api/products/${plain._id}`)
      .set('Authorization', admin.bearer)
      .send({ additionalImages: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b|c.jpg'], status: 'draft' })
      .expect(200);
    const before = [await getProduct(tricky._id), await getProduct(plain._id)];

    const csv = await exportCsv({ brand: 'Roundtrip' });
    expect(csv.startsWith(`\uFEFF${HEADER},version\r\n`)).toBe(true);
    expect(csv).toContain(`"Tee, ""classic"" cut"`);
    expect(csv).toContain('"Line one\nLine two, with a comma\r\nand ""quotes"" — ünïcödé ✓"');
    const records = parseCsv(csv);
    expect(records).toHaveLength(3);
    const byId = new Map(records.slice(1).map((r) => [r.cells[0], r.cells]));
    const trickyCells = byId.get(tricky._id) as string[];
    expect(trickyCells.slice(1, 11)).toEqual([
      'Tee, "classic" cut',
      before[0].description,
      '19.99',
      '29.5',
      'Csv Tops',
      'Roundtrip',
      '7',
      'published',
      'true',
      'https://cdn.example.com/tee.jpg',
    ]);
    expect(JSON.parse(trickyCells[12])).toEqual({ Material: 'Cotton, organic', 'Fit "type"': 'Regular\nslim' });
    expect(JSON.parse(trickyCells[13])).toEqual([
      { sku: 'RT-S', size: 'S', colour: 'red', countInStock: 3 },
      { sku: 'RT-M', size: 'M', price: 21.5, countInStock: 4 },
    ]);
    const plainCells = byId.get(plain._id) as string[];
    expect(plainCells[8]).toBe('draft');
    expect(JSON.parse(plainCells[11])).toEqual(['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b|c.jpg']);

    const preview = await importCsv(csv, { mode: 'preview' });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ mode: 'preview', committed: false, total: 2, valid: 2, invalid: 0, created: 0, updated: 0 });
    expect((preview.body.rows as Row[]).map((r) => [r.action, r.valid, r.errors])).toEqual([
      ['update', true, {}],
      ['update', true, {}],
    ]);
    expect((await getProduct(tricky._id)).updatedAt).toBe(before[0].updatedAt);

    const commit = await importCsv(csv, { mode: 'commit' });
    expect(commit.status).toBe(200);
    expect(commit.body).toMatchObject({
      mode: 'commit',
      committed: true,
      created: 0,
      updated: 2,
      invalid: 0,
      message: 'Imported 2 products (0 created, 2 updated)',
    });
    expect(comparable(await getProduct(tricky._id))).toEqual(comparable(before[0]));
    expect(comparable(await getProduct(plain._id))).toEqual(comparable(before[1]));
  });

  it('neutralises formulas on export (a leading apostrophe) and removes exactly that apostrophe on import', async () => {
    const p = await createProduct(stack, admin, category, {
      name: '=HYPERLINK("http://evil.example","click")',
      description: "@SUM(A1:A2) and '+ kept",
      brand: '+Formula',
      specifications: { note: '-2+3' },
    });
    await stack.http().put(`/api/products/${p._id}`).set('Authorization', admin.bearer).send({ description: "'already quoted" }).expect(200);
    const before = await getProduct(p._id);
    const csv = await exportCsv({ brand: '+Formula' });
    const line = csv.split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(line).toContain(",'+Formula,");
    expect(line).toContain(",''already quoted,");
    const cellsAsWritten = line.match(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)?.map((c) => c.replace(/^,/, '')) ?? [];
    for (const cell of cellsAsWritten) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);

    const commit = await importCsv(csv, { mode: 'commit' });
    expect(commit.status).toBe(200);
    const after = await getProduct(p._id);
    expect(after.name).toBe('=HYPERLINK("http://evil.example","click")');
    expect(after.brand).toBe('+Formula');
    expect(after.description).toBe("'already quoted");
    expect(comparable(after)).toEqual(comparable(before));

    // A hand-written apostrophe that is not the export's guard stays.
    const own = await importCsv(`id,name\r\n${p._id},'90s tee\r\n`, { mode: 'commit' });
    expect(own.status).toBe(200);
    expect((await getProduct(p._id)).name).toBe("'90s tee");
  });

  describe('per-row errors', () => {
    const good = (name: string) => [
      '',
      name,
      'Soft cotton',
      '12.5',
      '',
      'Csv Pants',
      'Rowbrand',
      '5',
      '',
      'false',
      'https://cdn.example.com/x.jpg',
      '',
      '',
      '',
    ];
    let csv: string;
    beforeAll(async () => {
      const existing = await createProduct(stack, admin, category, { name: 'Row target', brand: 'Rowbrand' });
      csv = [
        HEADER.split(','),
        good('Row new one'),
        [
          '',
          'Row bad',
          '',
          'abc',
          '',
          'Nowhere',
          'Rowbrand',
          '-1',
          '',
          'maybe',
          'ftp://x',
          '',
          '{not json}',
          '[{"sku":"A","countInStock":1},{"sku":"a","countInStock":2}]',
        ],
        good('Row new two'),
        [
          existing._id,
          'Row target renamed',
          'Still soft',
          '10',
          '',
          'Csv Tops',
          'Rowbrand',
          '9',
          '',
          'false',
          'https://cdn.example.com/x.jpg',
          '',
          '',
          '[{"sku":"V1","countInStock":2}]',
        ],
        [
          '665f1c2e9d1e8a0012345678',
          'Row ghost',
          'Soft',
          '10',
          '',
          'Csv Tops',
          'Rowbrand',
          '1',
          '',
          'false',
          'https://cdn.example.com/x.jpg',
          '',
          '',
          '',
        ],
        ['short', 'row'],
      ]
        .map(csvLine)
        .join('\r\n');
    });

    async function countRows(): Promise<number> {
      const res = await stack
        .http()
        .get('/api/products')
        .query({ filter: JSON.stringify({ brand: 'Rowbrand' }) })
        .set('Authorization', admin.bearer)
        .expect(200);
      return Number(res.headers['x-total-count']);
    }

    it('preview reports every row with its action and errors by column, and writes nothing', async () => {
      const res = await importCsv(csv);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        mode: 'preview',
        total: 6,
        valid: 2,
        invalid: 4,
        committed: false,
        message: '4 rows with errors, 2 rows ready to import',
      });
      const rows = res.body.rows as Row[];
      expect(rows.map((r) => [r.row, r.action, r.valid])).toEqual([
        [2, 'create', true],
        [3, 'create', false],
        [4, 'create', true],
        [5, 'update', false],
        [6, 'update', false],
        [7, 'update', false],
      ]);
      expect(rows[1].errors).toEqual({
        description: 'Description is required',
        price: 'Price must be a number with at most two decimals',
        category: 'Category "Nowhere" not found',
        countInStock: 'Quantity must be positive',
        isSpecial: 'isSpecial must be a boolean value',
        image: 'Images must be /api/images/<id> (from POST /api/upload) or an http(s) URL',
        specifications: 'specifications must be an object of texts',
        variants: 'Variant sku a is used twice',
      });
      expect(rows[3].errors).toEqual({ countInStock: "With variants, the stock is their sum (2): change the variants' countInStock instead" });
      expect(rows[4].errors).toEqual({ id: 'No product has this id (leave it empty to create one)' });
      expect(rows[5].errors).toEqual({ row: 'This row has 2 cells, the header has 14' });
      expect(await countRows()).toBe(1);
    });

    it('commit is all-or-nothing: 422 IMPORT_INVALID_ROWS with the rows, nothing written', async () => {
      const res = await importCsv(csv, { mode: 'commit' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'IMPORT_INVALID_ROWS',
        committed: false,
        created: 0,
        updated: 0,
        invalid: 4,
        message: '4 rows with errors: nothing was imported',
      });
      expect((res.body.rows as Row[]).every((r) => !r.written)).toBe(true);
      expect(await countRows()).toBe(1);
    });

    it('commit with skipInvalid=true writes the valid rows and reports the others', async () => {
      const res = await importCsv(csv, { mode: 'commit', skipInvalid: 'true' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        committed: true,
        created: 2,
        updated: 0,
        invalid: 4,
        message: 'Imported 2 products (2 created, 0 updated), 4 invalid rows skipped',
      });
      const rows = res.body.rows as Row[];
      expect(rows.filter((r) => r.written).map((r) => r.name)).toEqual(['Row new one', 'Row new two']);
      const created = await getProduct(rows[0].id as string);
      expect(created).toMatchObject({
        name: 'Row new one',
        description: 'Soft cotton',
        price: 12.5,
        compareAtPrice: null,
        brand: 'Rowbrand',
        countInStock: 5,
        status: 'published',
        isSpecial: false,
        category: { name: 'Csv Pants' },
      });
      expect(await countRows()).toBe(3);
    });
  });

  it('updates only the columns a file has, and takes the CSV as a text/csv body too', async () => {
    const p = await createProduct(stack, admin, category, { name: 'Partial', brand: 'Partialbrand', price: 8, countInStock: 2 });
    const res = await stack
      .http()
      .post('/api/products/import')
      .query({ mode: 'commit' })
      .set('Authorization', admin.bearer)
      .set('Content-Type', 'text/csv')
      .send(`id,price\n${p._id},9.25\n`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ updated: 1 });
    expect(await getProduct(p._id)).toMatchObject({ name: 'Partial', brand: 'Partialbrand', price: 9.25, countInStock: 2 });
    // Integrators find both ways to send the file in the API document.
    const doc = await stack.http().get('/api/docs-json').expect(200);
    const content = doc.body.paths['/api/products/import'].post.requestBody.content as Record<string, { schema: { type?: string; $ref?: string } }>;
    expect(Object.keys(content).sort()).toEqual(['multipart/form-data', 'text/csv']);
    expect(content['text/csv'].schema.type).toBe('string');
    expect(content['multipart/form-data'].schema.$ref).toBe('#/components/schemas/ProductImportFileDto');
    expect(JSON.stringify(doc.body)).not.toContain('x-also-consumes');
  });

  it('refuses a missing file, a malformed CSV, unknown columns and files above 2 MB or 5,000 rows', async () => {
    const missing = await stack.http().post('/api/products/import').set('Authorization', admin.bearer).field('mode', 'x');
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('IMPORT_FILE_REQUIRED');
    const unclosed = await importCsv('name,brand\r\n"open,x\r\n');
    expect(unclosed.status).toBe(400);
    expect(unclosed.body).toMatchObject({
      code: 'IMPORT_MALFORMED_CSV',
      message: 'The file is not valid CSV: Line 2: a quoted field is never closed',
    });
    const unknown = await importCsv('name,colour\r\nx,y\r\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('IMPORT_MALFORMED_CSV');
    expect(unknown.body.message).toMatch(/^Unknown column "colour"/);
    const notUtf8 = await importCsv(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x0a]));
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body.message).toBe('The file is not UTF-8 text: save it as CSV UTF-8');

    const big = await importCsv(`name\r\n${'x'.repeat(2 * 1024 * 1024)}\r\n`);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: 'The file is too large: at most 2 MB can be imported at once' });
    const bigBody = await stack
      .http()
      .post('/api/products/import')
      .set('Authorization', admin.bearer)
      .set('Content-Type', 'text/csv')
      .send(`name\n${'y'.repeat(2 * 1024 * 1024)}\n`);
    expect(bigBody.status).toBe(413);
    expect(bigBody.body.code).toBe('IMPORT_TOO_LARGE');
    const manyRows = await importCsv(`name\r\n${Array.from({ length: 5001 }, (_, i) => `p${i}`).join('\r\n')}\r\n`);
    expect(manyRows.status).toBe(413);
    expect(manyRows.body).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: 'At most 5,000 rows can be imported at once' });
  });

  it('exports only what the admin list filter matches', async () => {
    await createProduct(stack, admin, category, { name: 'Filtered only', brand: 'Filterbrand' });
    const csv = await exportCsv({ q: 'Filtered only' });
    const records = parseCsv(csv);
    expect(records.map((r) => r.cells[1])).toEqual(['name', 'Filtered only']);
    const bad = await stack.http().get('/api/products/export.csv').query({ filter: '{"status":"nope"}' }).set('Authorization', admin.bearer);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('INVALID_QUERY');
  });
});
