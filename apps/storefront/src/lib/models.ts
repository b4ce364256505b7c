/**
 * The storefront's view of the API's records. Where openapi.json already has the schema, the type is
 * the generated one (api-types.ts, from tools/gen-api-types.mjs); the rest follow the contracts of the
 * catalog, cart, orders and content issues until their schemas land in openapi.json.
 */
import type { UserInfoDto } from './api-types';

export type UserInfo = UserInfoDto;

export interface Category {
  _id: string;
  id?: string;
  name: string;
}

export interface ImageSize {
  width: number;
  url: string;
}

export interface Review {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
  verifiedPurchase?: boolean;
}

export interface Variant {
  sku: string;
  size?: string;
  colour?: string;
  price?: number;
  countInStock: number;
  image?: string;
}

export interface Product {
  _id: string;
  id?: string;
  name: string;
  slug?: string;
  description: string;
  price: number;
  compareAtPrice?: number | null;
  category?: Category | null;
  brand: string;
  quantity?: number;
  countInStock: number;
  image: string;
  images?: ImageSize[];
  additionalImages?: string[];
  specifications?: Record<string, string>;
  rating: number;
  numReviews: number;
  reviews?: Review[];
  isSpecial?: boolean;
  status?: string;
  variants?: Variant[];
  createdAt?: string;
}

export interface ProductPage {
  products: Product[];
  total: number;
}

export interface CartLine {
  productId: string;
  name: string;
  image: string;
  price: number;
  variantSku?: string | null;
  size?: string | null;
  colour?: string | null;
  quantity: number;
  countInStock?: number;
}

export interface ServerCart {
  items: CartLine[];
  totalQuantity: number;
  subtotal: number;
}

export interface ShippingAddress {
  fullName: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
}

export interface OrderLine {
  product?: string;
  productId?: string;
  name: string;
  image?: string;
  price: number;
  quantity: number;
  variantSku?: string | null;
  size?: string | null;
  colour?: string | null;
}

export interface Order {
  _id: string;
  id?: string;
  items?: OrderLine[];
  orderItems?: OrderLine[];
  shippingAddress?: ShippingAddress;
  paymentMethod?: string;
  status: string;
  couponCode?: string | null;
  itemsPrice?: number;
  subtotal?: number;
  discount?: number;
  taxPrice?: number;
  tax?: number;
  shippingPrice?: number;
  shipping?: number;
  totalPrice?: number;
  total?: number;
  trackingNumber?: string | null;
  createdAt: string;
}

/** POST /api/coupons/validate: the discount on the caller's cart, or why the coupon does not apply. */
export interface CouponPreview {
  valid: boolean;
  code: string;
  reason?: string;
  reasonCode?: string | null;
  type?: string | null;
  subtotal: number;
  discount: number;
  totalAfterDiscount: number;
}

export interface PublicCoupon {
  _id?: string;
  code: string;
  type: 'percent' | 'fixed' | string;
  value: number;
  minSubtotal?: number;
  endsAt?: string | null;
  description?: string;
}

export interface Blog {
  _id: string;
  id?: string;
  title: string;
  slug: string;
  excerpt?: string;
  body?: string;
  html?: string;
  bodyHtml?: string;
  coverImage?: string;
  tags?: string[];
  author?: string | { username?: string; name?: string };
  publishedAt?: string;
  createdAt?: string;
  likes?: number;
  likedByMe?: boolean;
}

export interface BlogComment {
  _id: string;
  blog: string;
  text: string;
  user?: { _id?: string; username?: string } | null;
  createdAt: string;
}

export interface Contributor {
  _id?: string;
  id?: string;
  storeName: string;
  username?: string;
  publishedProducts: number;
  averageRating: number;
  reviewCount: number;
  joinedAt?: string;
  createdAt?: string;
}

/** Lines of an order, whichever name the API uses. */
export function orderLines(order: Order): OrderLine[] {
  return order.items ?? order.orderItems ?? [];
}

export function orderTotal(order: Order): number {
  return order.totalPrice ?? order.total ?? 0;
}
