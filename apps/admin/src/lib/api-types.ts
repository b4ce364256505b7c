/**
 * The console's view of the API's records, every one derived from the types openapi-typescript generates from
 * openapi.json (../generated/api.ts, written by `npm run openapi`). No API model is written out by hand here.
 */
import type { RaRecord } from 'react-admin';
import type { components } from '../generated/api';

export type Schemas = components['schemas'];

/** A record as ra-data-simple-rest hands it to a screen: the API's DTO, with react-admin's `id`. */
type Ra<T> = T & RaRecord;

export type ProductRecord = Ra<Schemas['ProductDto']>;
export type Review = Schemas['ReviewDto'];
export type ReviewStatus = Schemas['ReviewDto']['status'];
export type ModerationReviewRecord = Ra<Schemas['ModerationReviewDto']>;
export type ReviewStatusResult = Schemas['ReviewStatusResultDto'];
export type Variant = Schemas['VariantDto'];
export type StockMovement = Schemas['StockMovementDto'];
export type StockAdjustment = Schemas['StockAdjustmentInputDto'];
export type StockAdjustmentResult = Schemas['StockAdjustmentResultDto'];
export type ImportConflict = Schemas['ProductImportConflictDto'];

/** What the product form can be filled from: a product as the API sends it, any part of it (its category by id too). */
export type ProductSource = Partial<Omit<Schemas['ProductDto'], 'category' | 'variants'>> & {
  category?: Partial<Schemas['ProductCategoryRefDto']> | string | null;
  variants?: Array<Partial<Variant>>;
};

export type CategoryRecord = Ra<Schemas['CategoryDto']>;

export type OrderRecord = Ra<Schemas['OrderDto']>;
export type OrderItem = Schemas['OrderItemDto'];
export type OrderStatus = Schemas['OrderDto']['status'];
export type OrderCounts = Schemas['OrderCountsDto'];
export type ReviewCounts = Schemas['ReviewCountsDto'];
export type OrderHistoryEntry = Schemas['OrderStatusChangeDto'];
export type OrderNote = Schemas['OrderNoteDto'];
export type PaymentState = Schemas['OrderDto']['paymentState'];

export type UserRecord = Ra<Schemas['UserDto']>;

/** The signed-in user kept in browser storage (written by the storefront too, so only these fields are sure). */
export type UserInfo = Pick<Schemas['UserInfoDto'], '_id' | 'username' | 'email' | 'isAdmin'> &
  Partial<Pick<Schemas['UserInfoDto'], 'id' | 'isDistributor' | 'photoURL'>>;

/** POST /api/users/auth: the user, the token and when it expires. */
export type SignInAnswer = Schemas['UserInfoDto'];

export type FailedJob = Schemas['FailedJobDto'];

export type DaySales = Schemas['DaySalesDto'];
export type TopProduct = Schemas['TopProductDto'];
export type LowStockProduct = Schemas['LowStockProductDto'];
export type LowStockVariant = Schemas['LowStockVariantDto'];
export type StockLevels = Schemas['StockLevelsDto'];
export type OrderStats = Schemas['OrderStatsDto'];

export type BlogRecord = Ra<Schemas['BlogDto']>;
export type CommentRecord = Ra<Schemas['CommentDto']>;
export type CouponRecord = Ra<Schemas['CouponDto']>;
export type ContactMessageRecord = Ra<Schemas['ContactMessageDto']>;
export type SubscriberRecord = Ra<Schemas['SubscriberDto']>;
export type AuditEntryRecord = Ra<Schemas['AuditEntryDto']>;
export type AuditChange = Schemas['AuditChangeDto'];

export type CustomerRecord = Ra<Schemas['CustomerDto']>;
export type CustomerDetailRecord = Ra<Schemas['CustomerDetailDto']>;
export type UserRoles = Schemas['UpdateUserRolesDto'];

/** The search's synonym groups (GET and PUT /api/search/synonyms) and its top searches that found nothing. */
export type SynonymGroups = Schemas['SynonymsDto'];
export type SearchMisses = Schemas['SearchMissesDto'];
export type SearchMiss = Schemas['SearchMissDto'];
