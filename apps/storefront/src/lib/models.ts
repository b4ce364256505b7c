/**
 * The storefront's view of the API's records. Each is the DTO generated from openapi.json (generated/shop-api.ts,
 * by `npm run openapi`), or a small derivation of one; the one that has no DTO says why.
 */
import type {
  BlogDto,
  CartDto,
  CartLineDto,
  CategoryDto,
  CommentDto,
  ContributorDto,
  CouponPreviewDto,
  MyReviewDto,
  OrderDto,
  OrderItemDto,
  PlaceOrderDto,
  ProductDto,
  ProductCardDto,
  ProductImageDto,
  PublicCouponDto,
  ReviewDto,
  SearchFacetsDto,
  SearchFindApiArg,
  SearchResultDto,
  FacetValueDto,
  SavedAddressDto,
  ShippingAddressDto,
  ShippingCountryDto,
  UserInfoDto,
  VariantDto,
} from './generated/shop-api';

export type UserInfo = UserInfoDto;

/** GET /api/category/categories (a product's own category is the smaller ProductCategoryRefDto). */
export type Category = CategoryDto;

export type ImageSize = ProductImageDto;

export type Review = ReviewDto;

/** GET /api/products/{id}/reviews/mine: the signed-in customer's own review, or null. */
export type MyReview = MyReviewDto;

export type Variant = VariantDto;

export type Product = ProductDto;

/** GET /api/search: its query (a facet's values as lists), its answer, a facet's value and a product's card. */
export type SearchArgs = SearchFindApiArg;
export type SearchSort = NonNullable<SearchFindApiArg['sort']>;
export type SearchResult = SearchResultDto;
export type SearchFacets = SearchFacetsDto;
export type FacetValue = FacetValueDto;
export type ProductCardData = ProductCardDto;

/** No DTO: the storefront's own page, built from a product list and its X-Total-Count header. */
export interface ProductPage {
  products: Product[];
  total: number;
}

/** A line of the server's cart: the variant nested in `variant` (the cart slice flattens it into its own lines). */
export type CartLine = CartLineDto;

export type ServerCart = CartDto;

export type ShippingAddress = ShippingAddressDto;
/** An address of the customer's address book (GET /api/users/addresses). */
export type SavedAddress = SavedAddressDto;
/** A country the shop ships to (GET /api/orders/shipping-countries). */
export type ShippingCountry = ShippingCountryDto;

/** How an order is paid (POST /api/orders). */
export type PaymentMethod = PlaceOrderDto['paymentMethod'];

/** productId: an older name for `product` that OrderPage still falls back to; the API sends only `product`. */
export type OrderLine = OrderItemDto & { productId?: string };

/** The optional fields are older names that orderLines, orderTotal and OrderPage still fall back to; OrderDto.from sends none of them. */
export type Order = OrderDto & {
  orderItems?: OrderLine[];
  itemsPrice?: number;
  taxPrice?: number;
  shippingPrice?: number;
  totalPrice?: number;
};

/** POST /api/coupons/validate: the discount on the caller's cart, or why the coupon does not apply. */
export type CouponPreview = CouponPreviewDto;

export type PublicCoupon = PublicCouponDto;

/** html: an older name for bodyHtml that BlogDetailPage still falls back to; the API sends only bodyHtml. */
export type Blog = BlogDto & { html?: string };

export type BlogComment = CommentDto;

/** createdAt: an older name for joinedAt that ContributorsPage still falls back to; the API sends only joinedAt. */
export type Contributor = ContributorDto & { createdAt?: string };

/** Lines of an order, whichever name the API uses. */
export function orderLines(order: Order): OrderLine[] {
  return order.items ?? order.orderItems ?? [];
}

export function orderTotal(order: Order): number {
  return order.totalPrice ?? order.total ?? 0;
}
