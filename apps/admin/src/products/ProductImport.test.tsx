import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubFetch, type Reply, type SeenRequest } from '../../../../test/web-support/fetch';
import { renderInAdmin, signInAdmin } from '../test/render';
import { ProductImport } from './ProductImport';
import type { ProductImportResult, ProductImportRow } from './productCsv';

const CSV = 'id,name,price,category\n,Linen Shirt,49,Linen\n665f1c2ab4d3e8a9c0f1b012,Wool Scarf,24.5,Accessories\n,Broken Belt,-3,Accessories\n';

const row = (overrides: Partial<ProductImportRow> & Pick<ProductImportRow, 'row'>): ProductImportRow => ({
  action: 'create',
  id: null,
  name: null,
  valid: true,
  written: false,
  errors: {},
  conflicts: [],
  overwrite: false,
  ...overrides,
});

/** What the API answers for that file: a preview (nothing written) or a commit. */
function result(mode: 'preview' | 'commit', skipInvalid = false): ProductImportResult {
  const write = mode === 'commit';
  return {
    mode,
    committed: write,
    message: write ? 'Imported 2 products (1 created, 1 updated); 1 invalid row skipped' : '3 rows: 2 can be imported, 1 is invalid',
    total: 3,
    valid: 2,
    invalid: 1,
    created: write ? 1 : 0,
    updated: write ? 1 : 0,
    conflicted: 0,
    rows: [
      row({ row: 2, name: 'Linen Shirt', written: write, id: write ? '665f1c2ab4d3e8a9c0f1b099' : null }),
      row({ row: 3, action: 'update', id: '665f1c2ab4d3e8a9c0f1b012', name: 'Wool Scarf', written: write && skipInvalid }),
      row({ row: 4, name: 'Broken Belt', valid: false, errors: { price: 'Price must be positive', row: 'Row 4 cannot be imported' } }),
    ],
  };
}

function importServer(answer: (request: SeenRequest, query: URLSearchParams) => Reply | Promise<Reply> | undefined) {
  return stubFetch((request) => {
    const url = new URL(request.path, 'http://console.test');
    return request.method === 'POST' && url.pathname === '/api/products/import' ? answer(request, url.searchParams) : undefined;
  });
}

async function chooseFile(user: ReturnType<typeof renderInAdmin>['user'], name = 'products.csv') {
  await user.upload(screen.getByLabelText('CSV file to import'), new File([CSV], name, { type: 'text/csv' }));
}

const commitButton = () => screen.getByRole('button', { name: /^Import \d+ products?$/ }) as HTMLButtonElement;

describe('ProductImport', () => {
  beforeEach(() => signInAdmin('admin.jwt.token'));

  it('checks a chosen file and shows every row, the invalid one with its errors, before anything is written', async () => {
    const answer = deferred<Reply>();
    const { requests } = importServer(() => answer.promise);
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    expect(screen.getByRole('heading', { name: 'Import Products' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await chooseFile(user);
    expect(await screen.findByText('Checking the file…')).toBeTruthy();
    expect(screen.getByText('products.csv')).toBeTruthy();
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe('/api/products/import?mode=preview');
    expect(requests[0].headers.get('Authorization')).toBe('Bearer admin.jwt.token');
    const sent = (requests[0].body as FormData).get('file') as File;
    expect(sent.name).toBe('products.csv');
    expect(await sent.text()).toBe(CSV);

    answer.resolve({ body: result('preview') });
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    expect(screen.getByText('3 rows: 2 can be imported, 1 is invalid')).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-invalid'))).toEqual(['false', 'false', 'true']);
    expect(within(rows[1]).getByText('Update')).toBeTruthy();
    // The row-level message first, then the column's.
    expect(
      within(rows[2])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Row 4 cannot be imported', 'price: Price must be positive']);
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeTruthy();
  });

  it('refuses to import while a row is invalid, until the admin chooses to skip it', async () => {
    const { requests } = importServer((_request, query) => ({
      body: result(query.get('mode') === 'commit' ? 'commit' : 'preview', query.get('skipInvalid') === 'true'),
    }));
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await chooseFile(user);
    await screen.findByRole('table', { name: 'Rows of the file' });

    expect(commitButton().textContent).toBe('Import 2 products');
    expect(commitButton().disabled).toBe(true);
    expect(screen.getByText('Fix the invalid row or choose to skip them')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Skip invalid rows' }));
    expect(commitButton().disabled).toBe(false);
    expect(screen.queryByText('Fix the invalid row or choose to skip them')).toBeNull();

    await user.click(commitButton());
    const summary = await screen.findByText('Imported 2 products (1 created, 1 updated); 1 invalid row skipped');
    expect(summary.closest('[role="status"]')).toBeTruthy();
    expect(requests.map((r) => r.path)).toEqual(['/api/products/import?mode=preview', '/api/products/import?mode=commit&skipInvalid=true']);
    expect(((requests[1].body as FormData).get('file') as File).name).toBe('products.csv');
    // Each written row says what happened to it; nothing is left to import.
    expect(screen.getByText('Created')).toBeTruthy();
    expect(screen.getByText('Updated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import \d+ products?$/ })).toBeNull();
  });

  it('keeps the preview and says why when the API refuses the commit (422, nothing written)', async () => {
    const { requests } = importServer((_request, query) =>
      query.get('mode') === 'commit'
        ? { status: 422, body: { ...result('preview'), code: 'IMPORT_INVALID_ROWS', message: 'Nothing was imported: 1 row is invalid' } }
        : { body: result('preview') },
    );
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await chooseFile(user);
    await screen.findByRole('table', { name: 'Rows of the file' });
    await user.click(screen.getByRole('checkbox', { name: 'Skip invalid rows' }));
    await user.click(commitButton());

    const refusal = await screen.findByTestId('import-error');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toBe('Nothing was imported: 1 row is invalid');
    expect(requests).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Rows of the file' })).toBeTruthy();
    expect(commitButton().disabled).toBe(false);
  });

  it("shows the API's message when it cannot read the file, with no table", async () => {
    importServer(() => ({ status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message: 'The file is not a UTF-8 CSV file' } }));
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await chooseFile(user, 'products.xlsx.csv');
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not a UTF-8 CSV file');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Import \d+ products?$/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Choose another file' }) as HTMLElement).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('shows a row changed since the export with both values and writes it only when Overwrite is ticked', async () => {
    const STALE_ID = '665f1c2ab4d3e8a9c0f1b012';
    const stale = (mode: 'preview' | 'commit', overwritten: boolean): ProductImportResult => ({
      mode,
      committed: mode === 'commit' && overwritten,
      message:
        mode === 'commit'
          ? overwritten
            ? 'Imported 1 product (0 created, 1 updated)'
            : 'Imported 0 products (0 created, 0 updated), 1 row changed since the export not written'
          : '1 row changed since the export',
      total: 1,
      valid: 1,
      invalid: 0,
      created: 0,
      updated: mode === 'commit' && overwritten ? 1 : 0,
      conflicted: overwritten ? 0 : 1,
      rows: [
        row({
          row: 2,
          action: 'update',
          id: STALE_ID,
          name: 'Wool Beanie',
          written: mode === 'commit' && overwritten,
          overwrite: overwritten,
          conflicts: [{ column: 'countInStock', current: '39', imported: '40' }],
        }),
      ],
    });
    const { requests } = importServer((_request, query) => ({
      body: stale(query.get('mode') === 'commit' ? 'commit' : 'preview', query.get('overwrite') === STALE_ID),
    }));
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await chooseFile(user);
    const conflict = await screen.findByTestId('import-row-conflict');
    expect(within(conflict).getByText('countInStock: 39 in the shop, 40 in the file')).toBeTruthy();
    expect(screen.getByText('Every row changed since the export: choose Overwrite for the rows to write')).toBeTruthy();
    expect(commitButton().disabled).toBe(true);

    await user.click(within(conflict).getByRole('checkbox', { name: "Overwrite with the file's values" }));
    expect(commitButton().textContent).toBe('Import 1 product');
    await user.click(commitButton());
    await screen.findByText('Imported 1 product (0 created, 1 updated)');
    expect(requests.map((r) => r.path)).toEqual([
      '/api/products/import?mode=preview',
      `/api/products/import?mode=commit&skipInvalid=false&overwrite=${STALE_ID}`,
    ]);
    expect(screen.getByText('Updated')).toBeTruthy();
  });

  it("checks the file again with stock=set when the admin chooses to set stock to the file's values", async () => {
    const { requests } = importServer(() => ({ body: result('preview') }));
    const { user } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await chooseFile(user);
    await screen.findByRole('table', { name: 'Rows of the file' });
    await user.click(screen.getByRole('checkbox', { name: "Set stock to the file's values (ignore sales since the export)" }));
    await screen.findByRole('table', { name: 'Rows of the file' });
    expect(requests.map((r) => r.path)).toEqual(['/api/products/import?mode=preview', '/api/products/import?mode=preview&stock=set']);
  });

  it('leads back to the product list', async () => {
    importServer(() => undefined);
    const { user, location } = renderInAdmin(<ProductImport />, { path: '/admin/product/import' });
    await user.click(screen.getByRole('link', { name: 'Back to All Products' }));
    expect(location().pathname).toBe('/admin/allproductslist');
  });
});
