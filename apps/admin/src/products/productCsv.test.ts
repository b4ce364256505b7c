import { describe, expect, it } from 'vitest';
import { commitState, downloadName, rowErrorLines, type ProductImportResult } from './productCsv';

const result = (valid: number, invalid: number): ProductImportResult => ({ mode: 'preview', committed: false, message: '', total: valid + invalid, valid, invalid, created: 0, updated: 0, rows: [] });

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

  it('lists a row’s errors by column, the row-level one first', () => {
    expect(rowErrorLines({ row: 3, action: 'create', id: null, name: 'x', valid: false, written: false, errors: { price: 'Price must be positive', row: 'Bad row' } })).toEqual(['Bad row', 'price: Price must be positive']);
  });
});
