import type { DataProvider, Identifier, PaginationPayload, RaRecord, SortPayload } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { createHttpClient, type HttpClient } from './httpClient';
import { API_URL, payloadFor, resourcePath, withId } from './resources';
import { uploadFiles, uploadImage } from './upload';
import { bulkActionFor, runProductBulk } from './productBulk';

import type {
  FailedJob,
  OrderCounts,
  OrderStatus,
  ReviewCounts,
  ReviewStatusResult,
  StockAdjustment,
  StockAdjustmentResult,
  StockLevels,
  StockMovement,
} from '../lib/api-types';

export type { FailedJob, OrderStatus };

/** The console's calls beyond CRUD. */
export interface ShopDataProvider extends DataProvider {
  uploadImage(file: Blob): Promise<string>;
  approveProduct(id: Identifier): Promise<RaRecord>;
  rejectProduct(id: Identifier, note: string): Promise<RaRecord>;
  deleteReview(productId: Identifier, reviewId: Identifier): Promise<void>;
  /** A product's stock ledger, newest first: GET /api/products/{id}/stock-ledger. */
  getStockLedger(productId: Identifier, page: number, perPage: number): Promise<{ data: StockMovement[]; total: number }>;
  /** A change of stock with its reason: POST /api/products/{id}/stock-adjustments. */
  adjustStock(productId: Identifier, change: StockAdjustment): Promise<StockAdjustmentResult>;
  /** Approves or rejects reviews (at most 100 a call): PATCH /api/reviews/status. */
  setReviewStatus(ids: Identifier[], status: 'approved' | 'rejected'): Promise<ReviewStatusResult>;
  /** Reviews per status for the list's tabs (the filter without its status: the search and product apply). */
  getReviewCounts(filter: Record<string, unknown>): Promise<ReviewCounts>;
  /** Orders: ship with a carrier and tracking number, record the delivery. */
  shipOrder(id: Identifier, carrier: string, trackingNumber: string): Promise<RaRecord>;
  deliverOrder(id: Identifier): Promise<RaRecord>;
  /** Orders: per-status counts for the list's tabs (the filter without its status), mark paid, cancel/refund with a reason, notes. */
  getOrderCounts(filter: Record<string, unknown>): Promise<OrderCounts>;
  markOrderPaid(id: Identifier): Promise<RaRecord>;
  cancelOrder(id: Identifier, reason: string): Promise<RaRecord>;
  /** A refund of `amount` dollars (all that is left when absent). */
  refundOrder(id: Identifier, reason: string, amount?: number): Promise<RaRecord>;
  addOrderNote(id: Identifier, text: string): Promise<RaRecord>;
  /** Answers a contact message by e-mail (POST /api/contact/{id}/replies); resolves to the message with its thread. */
  replyToContact(id: Identifier, message: string): Promise<RaRecord>;
  getStats(): Promise<unknown>;
  /** The shop's one low-stock threshold: GET /api/products/stock-levels. */
  getStockLevels(): Promise<StockLevels>;
  retryJob(queue: string, jobId: string): Promise<void>;
  getFailedJobs(): Promise<FailedJob[]>;
  /** A text download (CSV) with the session's headers. */
  getText(path: string): Promise<string>;
}

type Data = Record<string, unknown>;

const enc = encodeURIComponent;

/**
 * ra-data-simple-rest over the API, with three additions: resource names map to the spec's paths,
 * picked files are uploaded through /api/upload before create and update, and bodies carry only the
 * fields the API accepts (only the changed ones on update).
 */
export function createDataProvider(http: HttpClient = createHttpClient()): ShopDataProvider {
  const rest = simpleRestProvider(API_URL, http);
  const ids = <T extends Data>(list: T[]) => list.map(withId);

  const send = async (method: 'POST' | 'PUT', url: string, body?: unknown): Promise<Data> => {
    const { json } = await http(url, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return (json ?? {}) as Data;
  };

  /**
   * GET /api/comments lists one post's comments (?blog=), paged with range and sort: react-admin's filter
   * {blog} (a List filter, or ReferenceManyField's target) becomes that parameter. No post: no comments.
   */
  const commentsPage = async (filter: Data | undefined, pagination: PaginationPayload | undefined, sort: SortPayload | undefined) => {
    const blog = filter?.blog;
    if (typeof blog !== 'string' || !blog) return { data: [], total: 0 };
    const { page, perPage } = pagination ?? { page: 1, perPage: 25 };
    const query = new URLSearchParams({ blog, range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]) });
    if (sort?.field) query.set('sort', JSON.stringify([sort.field, sort.order]));
    const { json, headers } = await http(`${API_URL}/comments?${query.toString()}`);
    const total = Number(headers.get('X-Total-Count') ?? headers.get('Content-Range')?.split('/').pop());
    const data = Array.isArray(json) ? ids(json as Data[]) : [];
    return { data, total: Number.isFinite(total) ? total : data.length };
  };

  return {
    async getList(resource, params) {
      if (resource === 'comments') return (await commentsPage(params.filter as Data, params.pagination, params.sort)) as never;
      const result = await rest.getList(resourcePath(resource), params);
      return { ...result, data: ids(result.data) };
    },
    async getOne(resource, params) {
      const result = await rest.getOne(resourcePath(resource), params);
      return { data: withId(result.data) };
    },
    async getMany(resource, params) {
      const result = await rest.getMany(resourcePath(resource), params);
      return { data: ids(result.data) };
    },
    async getManyReference(resource, params) {
      if (resource === 'comments')
        return (await commentsPage({ ...(params.filter as Data), [params.target]: params.id }, params.pagination, params.sort)) as never;
      const result = await rest.getManyReference(resourcePath(resource), params);
      return { ...result, data: ids(result.data) };
    },
    async create(resource, params) {
      const data = await uploadFiles(http, params.data as Data);
      const json = await send('POST', `${API_URL}/${resourcePath(resource)}`, payloadFor(resource, data));
      // The record as the API stored it; react-admin needs an id to redirect.
      return { data: withId({ ...data, ...json }) } as never;
    },
    async update(resource, params) {
      const data = await uploadFiles(http, params.data as Data);
      const body = payloadFor(resource, data, params.previousData as Data | undefined);
      const json = await send('PUT', `${API_URL}/${resourcePath(resource)}/${enc(params.id)}`, body);
      return { data: withId({ ...(params.previousData as Data), ...data, ...json, id: params.id }) } as never;
    },
    async updateMany(resource, params) {
      const bulk = resource === 'products' ? bulkActionFor(params.data as Data) : null;
      if (bulk) return { data: await runProductBulk(http, params.ids, bulk) };
      await Promise.all(
        params.ids.map((id) => send('PUT', `${API_URL}/${resourcePath(resource)}/${enc(id)}`, payloadFor(resource, params.data as Data))),
      );
      return { data: params.ids };
    },
    async delete(resource, params) {
      const { json } = await http(`${API_URL}/${resourcePath(resource)}/${enc(params.id)}`, { method: 'DELETE' });
      const record =
        json && typeof json === 'object' && ('id' in json || '_id' in json)
          ? withId(json as Data)
          : { ...(params.previousData ?? {}), id: params.id };
      return { data: record } as never;
    },
    async deleteMany(resource, params) {
      if (resource === 'products') return { data: await runProductBulk(http, params.ids, { action: 'delete' }) };
      await Promise.all(params.ids.map((id) => http(`${API_URL}/${resourcePath(resource)}/${enc(id)}`, { method: 'DELETE' })));
      return { data: params.ids };
    },

    uploadImage: (file) => uploadImage(http, file),
    approveProduct: async (id) => withId(await send('PUT', `${API_URL}/products/${enc(id)}/approve`)),
    rejectProduct: async (id, note) => withId(await send('PUT', `${API_URL}/products/${enc(id)}/reject`, { note })),
    async deleteReview(productId, reviewId) {
      await http(`${API_URL}/products/${enc(productId)}/reviews/${enc(reviewId)}`, { method: 'DELETE' });
    },
    async getStockLedger(productId, page, perPage) {
      const query = new URLSearchParams({ page: String(page), perPage: String(perPage) });
      const { json, headers } = await http(`${API_URL}/products/${enc(productId)}/stock-ledger?${query.toString()}`);
      const data = (json ?? []) as StockMovement[];
      return { data, total: Number(headers.get('X-Total-Count') ?? data.length) };
    },
    adjustStock: async (productId, change) =>
      (await send('POST', `${API_URL}/products/${enc(productId)}/stock-adjustments`, change)) as unknown as StockAdjustmentResult,
    async setReviewStatus(ids, status) {
      const { json } = await http(`${API_URL}/reviews/status`, { method: 'PATCH', body: JSON.stringify({ ids: ids.map(String), status }) });
      return json as ReviewStatusResult;
    },
    async getReviewCounts(filter) {
      const { status: _status, ...rest } = filter;
      const { json } = await http(`${API_URL}/reviews/counts?filter=${enc(JSON.stringify(rest))}`);
      return json as ReviewCounts;
    },
    shipOrder: async (id, carrier, trackingNumber) => withId(await send('POST', `${API_URL}/orders/${enc(id)}/ship`, { carrier, trackingNumber })),
    deliverOrder: async (id) => withId(await send('POST', `${API_URL}/orders/${enc(id)}/deliver`)),
    async getOrderCounts(filter) {
      const { status: _status, ...rest } = filter;
      const { json } = await http(`${API_URL}/orders/counts?filter=${enc(JSON.stringify(rest))}`);
      return json as OrderCounts;
    },
    markOrderPaid: async (id) => withId(await send('POST', `${API_URL}/orders/${enc(id)}/mark-paid`)),
    cancelOrder: async (id, reason) => withId(await send('POST', `${API_URL}/orders/${enc(id)}/admin-cancel`, { reason })),
    refundOrder: async (id, reason, amount) =>
      withId(await send('POST', `${API_URL}/orders/${enc(id)}/refund`, amount === undefined ? { reason } : { reason, amount })),
    addOrderNote: async (id, text) => withId(await send('POST', `${API_URL}/orders/${enc(id)}/notes`, { text })),
    replyToContact: async (id, message) => withId(await send('POST', `${API_URL}/contact/${enc(id)}/replies`, { message })),
    async getStats() {
      const { json } = await http(`${API_URL}/orders/stats`);
      return json;
    },
    async getStockLevels() {
      const { json } = await http(`${API_URL}/products/stock-levels`);
      return json as StockLevels;
    },
    async retryJob(queue, jobId) {
      await http(`${API_URL}/admin/jobs/${enc(queue)}/${enc(jobId)}/retry`, { method: 'POST' });
    },
    async getFailedJobs() {
      const { json } = await http(`${API_URL}/admin/jobs/failed`);
      return Array.isArray(json) ? (json as FailedJob[]) : [];
    },
    async getText(path) {
      const { body } = await http(`${API_URL}/${path}`, { headers: new Headers({ Accept: 'text/csv, text/plain' }) });
      return body;
    },
  };
}

export const dataProvider = createDataProvider();
