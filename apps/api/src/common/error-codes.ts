/**
 * Every stable error code the API answers with, and the HTTP status it usually comes with. Clients switch on
 * `code`; the message is for people. A code's status is its usual one: a few codes (CATEGORY_NOT_FOUND,
 * IMAGE_NOT_FOUND, COUPON_NOT_FOUND) answer 400 when the missing record is named in a body rather than the path,
 * and the operations that do so document it (see ApiErrors).
 *
 * openapi.json shows this list as the enum of ErrorBody.code; a new code is added here first, or it doesn't
 * compile at the throw site.
 */
export const ERROR_STATUS = {
  // Request shape (any operation); the bare status names answer framework errors that carry no code of their own
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  UNPROCESSABLE_ENTITY: 422,
  VALIDATION_FAILED: 400,
  INVALID_QUERY: 400,
  MALFORMED_JSON: 400,
  MALFORMED_BODY: 400,
  BODY_TOO_DEEP: 400,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  TOO_MANY_REQUESTS: 429,
  CSRF: 403,
  DUPLICATE: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  DEPENDENCY_UNAVAILABLE: 503,

  // Identity
  NOT_AUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOO_MANY_FAILED_SIGN_INS: 429,
  ADMIN_ONLY: 403,
  DISTRIBUTOR_ONLY: 403,
  NOT_A_DISTRIBUTOR: 403,
  NOT_YOUR_PROFILE: 403,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  PASSWORD_REQUIRED: 400,
  CURRENT_PASSWORD_REQUIRED: 400,
  WRONG_CURRENT_PASSWORD: 400,
  ADMIN_NOT_DELETABLE: 400,
  LAST_ADMIN: 400,
  INVALID_RESET_TOKEN: 400,
  INVALID_DELETION_TOKEN: 400,
  INVALID_GOOGLE_CREDENTIAL: 401,
  GOOGLE_EMAIL_NOT_VERIFIED: 401,
  GOOGLE_MISMATCH: 401,
  GOOGLE_ACCOUNT_CONFLICT: 409,
  GOOGLE_NOT_CONFIGURED: 503,
  TOO_MANY_FAVORITES: 400,

  // Catalog
  PRODUCT_NOT_FOUND: 404,
  NOT_YOUR_PRODUCT: 403,
  CATEGORY_NOT_FOUND: 404,
  CATEGORY_EXISTS: 409,
  CATEGORY_IN_USE: 409,
  VARIANT_NOT_FOUND: 400,
  VARIANT_REQUIRED: 400,
  DUPLICATE_SKU: 400,
  INVALID_SPECIFICATIONS: 400,
  REVIEW_NOT_FOUND: 404,
  ALREADY_REVIEWED: 409,

  // Images and uploads
  IMAGE_NOT_FOUND: 404,
  IMAGE_REQUIRED: 400,
  INVALID_WIDTH: 400,
  MALFORMED_UPLOAD: 400,
  UNEXPECTED_FILE: 400,
  TOO_MANY_FILES: 400,
  FILE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 413,
  IMAGE_UNREADABLE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,

  // Cart, coupons, orders
  CART_EMPTY: 400,
  CART_FORBIDDEN: 403,
  CART_ITEM_NOT_FOUND: 404,
  CART_BUSY: 409,
  QUANTITY_TOO_LARGE: 400,
  INSUFFICIENT_STOCK: 400,
  OUT_OF_STOCK: 409,
  ITEM_UNAVAILABLE: 409,
  COUPON_NOT_FOUND: 404,
  COUPON_INACTIVE: 400,
  COUPON_NOT_STARTED: 400,
  COUPON_EXPIRED: 400,
  COUPON_EXHAUSTED: 400,
  COUPON_CUSTOMER_LIMIT: 400,
  COUPON_MIN_SUBTOTAL: 400,
  PAYMENT_METHOD_UNSUPPORTED: 400,
  INVALID_IDEMPOTENCY_KEY: 400,
  ORDER_NOT_FOUND: 404,
  ORDER_CHANGED: 409,
  ORDER_NOT_CANCELLABLE: 409,
  INVALID_TRANSITION: 409,

  // Content
  BLOG_NOT_FOUND: 404,
  SLUG_TAKEN: 409,
  COMMENT_NOT_FOUND: 404,
  NOT_COMMENT_AUTHOR: 403,
  TOO_MANY_COMMENTS: 429,
  CONTACT_MESSAGE_NOT_FOUND: 404,
  UNSUBSCRIBE_LINK_INVALID: 404,

  // Operations
  JOB_NOT_FOUND: 404,
  JOB_NOT_FAILED: 409,
} as const satisfies Record<string, number>;

/** A stable error code of the API. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every code, in declaration order (the enum of ErrorBody.code in openapi.json). */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}
