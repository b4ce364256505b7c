import { api } from '../../lib/api';
import type { CouponPreview, Order, PublicCoupon, ShippingAddress } from '../../lib/models';

export interface PlaceOrder {
  shippingAddress: ShippingAddress;
  paymentMethod: string;
  couponCode?: string;
  idempotencyKey: string;
}

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<Order, PlaceOrder>({
      query: ({ idempotencyKey, ...body }) => ({ url: '/api/orders', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: ['Order', 'Cart', { type: 'Product', id: 'LIST' }],
    }),
    myOrders: build.query<Order[], void>({
      query: () => '/api/orders/mine',
      transformResponse: (r: unknown) => (Array.isArray(r) ? (r as Order[]) : ((r as { orders?: Order[] })?.orders ?? [])),
      providesTags: ['Order'],
    }),
    order: build.query<Order, string>({
      query: (id) => `/api/orders/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    cancelOrder: build.mutation<Order, string>({
      query: (id) => ({ url: `/api/orders/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['Order'],
    }),
    validateCoupon: build.mutation<CouponPreview, { code: string }>({
      query: (body) => ({ url: '/api/coupons/validate', method: 'POST', body }),
    }),
    publicCoupons: build.query<PublicCoupon[], void>({
      query: () => '/api/coupons/public',
      transformResponse: (r: unknown) => (Array.isArray(r) ? (r as PublicCoupon[]) : []),
      providesTags: ['Coupon'],
    }),
  }),
});

export const { usePlaceOrderMutation, useMyOrdersQuery, useOrderQuery, useCancelOrderMutation, useValidateCouponMutation, usePublicCouponsQuery } = ordersApi;
