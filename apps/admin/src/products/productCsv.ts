import { readSession } from '../authProvider/session';
import { API_URL } from '../dataProvider/resources';
import type { Schemas } from '../lib/api-types';

export type ProductImportResult = Schemas['ProductImportResultDto'];
export type ProductImportRow = Schemas['ProductImportRowDto'];
export type ImportMode = 'preview' | 'commit';

/** The headers every console call carries (see dataProvider/httpClient.ts): the bearer token and X-Requested-With. */
function headers(accept: string): Headers {
  const h = new Headers({ Accept: accept, 'X-Requested-With': 'XMLHttpRequest' });
  const session = readSession();
  if (session) h.set('Authorization', `Bearer ${session.token}`);
  return h;
}

/** An API failure with its message (the API's own, else the fallback). */
export class CsvRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function failure(res: Response, fallback: string): Promise<CsvRequestError> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return new CsvRequestError(body.message, res.status);
  } catch {
    // not JSON: the fallback says it
  }
  return new CsvRequestError(fallback, res.status);
}

/** The file name of a Content-Disposition header, else a dated default. */
export function downloadName(disposition: string | null, today = new Date()): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `products-${today.toISOString().slice(0, 10)}.csv`;
}

/** GET /api/products/export.csv (with the list's filter) and saves it through the browser's download. */
export async function downloadProductsCsv(filter: Record<string, unknown> = {}): Promise<string> {
  const query = Object.keys(filter).length > 0 ? `?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}` : '';
  const res = await fetch(`${API_URL}/products/export.csv${query}`, { headers: headers('text/csv'), credentials: 'same-origin' });
  if (!res.ok) throw await failure(res, 'The export failed. Please try again.');
  const blob = await res.blob();
  const name = downloadName(res.headers.get('Content-Disposition'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** How an import treats rows changed since their export and the file's stock (see POST /api/products/import). */
export interface ImportChoices {
  skipInvalid?: boolean;
  /** Products whose rows changed since the export and are written anyway. */
  overwrite?: string[];
  /** 'set': the file's stock is written whatever sold since the export. */
  stock?: 'adjust' | 'set';
}

/** POST /api/products/import: a preview, or a commit (422 answers the rows too: nothing was written). */
export async function importProductsCsv(
  file: Blob,
  mode: ImportMode,
  choices: ImportChoices = {},
): Promise<{ status: number; result: ProductImportResult }> {
  const body = new FormData();
  body.append('file', file, file instanceof File ? file.name : 'products.csv');
  const query = new URLSearchParams({
    mode,
    ...(mode === 'commit' ? { skipInvalid: String(choices.skipInvalid ?? false) } : {}),
    ...(mode === 'commit' && choices.overwrite && choices.overwrite.length > 0 ? { overwrite: choices.overwrite.join(',') } : {}),
    ...(choices.stock === 'set' ? { stock: 'set' } : {}),
  });
  const res = await fetch(`${API_URL}/products/import?${query.toString()}`, {
    method: 'POST',
    body,
    headers: headers('application/json'),
    credentials: 'same-origin',
  });
  if (res.ok || res.status === 422) {
    const result = (await res.json()) as ProductImportResult;
    if (Array.isArray(result.rows)) return { status: res.status, result };
  }
  throw await failure(res, 'The import failed. Please try again.');
}

/** Errors of a row as "column: message" lines, the row-level one first. */
export function rowErrorLines(row: ProductImportRow): string[] {
  return Object.entries(row.errors)
    .sort(([a], [b]) => (a === 'row' ? -1 : b === 'row' ? 1 : 0))
    .map(([field, message]) => (field === 'row' ? message : `${field}: ${message}`));
}

/** A conflict as a person reads it: "countInStock: 39 in the shop, 40 in the file". */
export function conflictLine(conflict: ProductImportRow['conflicts'][number]): string {
  const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value || '(empty)');
  return `${conflict.column}: ${shown(conflict.current)} in the shop, ${shown(conflict.imported)} in the file`;
}

/** The rows a commit writes: valid ones, except those changed since the export that are not chosen to be overwritten. */
export function writableRows(result: ProductImportResult, overwrite: ReadonlySet<string>): number {
  return result.rows.filter((r) => r.valid && ((r.conflicts ?? []).length === 0 || (r.id !== null && overwrite.has(r.id)))).length;
}

/** What the commit button may do: import N products, or nothing while invalid rows are not skipped. */
export function commitState(
  result: ProductImportResult | null,
  skipInvalid: boolean,
  overwrite: ReadonlySet<string> = new Set(),
): { count: number; enabled: boolean; reason?: string } {
  if (!result) return { count: 0, enabled: false, reason: 'Choose a CSV file first' };
  const count = writableRows(result, overwrite);
  if (result.invalid > 0 && !skipInvalid)
    return {
      count,
      enabled: false,
      reason: `Fix the ${result.invalid === 1 ? 'invalid row' : `${result.invalid} invalid rows`} or choose to skip them`,
    };
  if (count === 0)
    return {
      count,
      enabled: false,
      reason: result.conflicted > 0 ? 'Every row changed since the export: choose Overwrite for the rows to write' : 'No row can be imported',
    };
  return { count, enabled: true };
}
