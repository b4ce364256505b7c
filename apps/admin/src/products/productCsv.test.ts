import { describe, expect, it } from 'vitest';
import { commitState, conflictLine, downloadName, rowErrorLines, type ProductImportResult, type ProductImportRow } from './productCsv';

const line = (row: number, valid: boolean, conflicts: ProductImportRow['conflicts'] = [], id: string | null = null): ProductImportRow => ({
  row,
  action: id ? 'update' : 'create',
  id,
  name: `P${row}`,
  valid,
  written: false,
  errors: valid ? {} : { price: 'bad' },
  conflicts,
  overwrite: false,
});
const result = (valid: number, invalid: number, extra: ProductImportRow[] = []): ProductImportResult => ({
  mode: 'preview',
  committed: false,
  message: '',
  total: valid + invalid + extra.length,
  valid: valid + extra.length,
  invalid,
  created: 0,
  updated: 0,
  conflicted: extra.length,
  rows: [
    ...Array.from({ length: valid }, (_, i) => line(i + 2, true)),
    ...Array.from({ length: invalid }, (_, i) => line(valid + i + 2, false)),
    ...extra,
  ],
});
const STALE = line(9, true, [{ column: 'countInStock', current: '39', imported: '40' }], '665f1c2ab4d3e8a9c0f1b012');

describe('product CSV helpers', () => {
  it('names the download from Content-Disposition, else by date', () => {
    expect(downloadName('attachment; filename="products-2026-01-02.csv"')).toBe('products-2026-01-02.csv');
    expect(downloadName(null, new Date('2026-03-04T10:00:00Z'))).toBe('products-2026-03-04.csv');
  });

  it('enables "Import N products" only when every row is valid or invalid ones are skipped', () => {
    expect(commitState(null, false)).toMatchObject({ enabled: false });
    expect(commitState(result(3, 0), false)).toEqual({ count: 3, enabled: true });
    expect(commitState(result(3, 1), false)).toMatchObject({ count: 3, enabled: false, reason: 'Fix the invalid row or choose to skip them' });
    expect(commitState(result(3, 2), true)).toEqual({ count: 3, enabled: true });
    expect(commitState(result(0, 2), true)).toMatchObject({ enabled: false, reason: 'No row can be imported' });
  });

  it('counts a row changed since the export only once it is chosen to be overwritten', () => {
    expect(commitState(result(2, 0, [STALE]), false)).toEqual({ count: 2, enabled: true });
    expect(commitState(result(2, 0, [STALE]), false, new Set([STALE.id as string]))).toEqual({ count: 3, enabled: true });
    expect(commitState(result(0, 0, [STALE]), false)).toMatchObject({
      count: 0,
      enabled: false,
      reason: 'Every row changed since the export: choose Overwrite for the rows to write',
    });
    expect(conflictLine({ column: 'countInStock', current: '39', imported: '40' })).toBe('countInStock: 39 in the shop, 40 in the file');
  });

  it('lists a row’s errors by column, the row-level one first', () => {
    expect(
      rowErrorLines({
        row: 3,
        action: 'create',
        id: null,
        name: 'x',
        valid: false,
        written: false,
        errors: { price: 'Price must be positive', row: 'Bad row' },
        conflicts: [],
        overwrite: false,
      }),
    ).toEqual(['Bad row', 'price: Price must be positive']);
  });
});
