import { api } from '../../lib/api';
import type { ServerCart } from '../../lib/models';

export interface CartChange {
  userId?: string;
  productId: string;
  quantity: number;
  variantSku?: string | null;
}

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    serverCart: build.query<ServerCart, string>({
      query: (userId) => `/api/cart?userId=${encodeURIComponent(userId)}`,
      providesTags: ['Cart'],
    }),
    addCartItem: build.mutation<ServerCart, CartChange>({
      query: (body) => ({ url: '/api/cart', method: 'POST', body: withoutEmptySku(body) }),
      invalidatesTags: ['Cart'],
    }),
    updateCartItem: build.mutation<ServerCart, CartChange>({
      query: (body) => ({ url: '/api/cart/update', method: 'PUT', body: withoutEmptySku(body) }),
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<ServerCart, { productId: string; variantSku?: string | null }>({
      query: ({ productId, variantSku }) => ({
        url: `/api/cart/${encodeURIComponent(productId)}${variantSku ? `?variantSku=${encodeURIComponent(variantSku)}` : ''}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Cart'],
    }),
  }),
});

function withoutEmptySku(body: CartChange): CartChange {
  const { variantSku, ...rest } = body;
  return variantSku ? { ...rest, variantSku } : rest;
}
