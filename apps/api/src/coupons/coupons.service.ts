import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { CouponDocument, CouponFields, CouponListFilter, CouponsRepository, COUPON_TYPES, type CouponType } from '@shop/database';
import type { AuthUser } from '../auth/auth-user';
import { CartService } from '../cart/cart.service';
import { badRequest, notFound } from '../common/domain-error';
import { escapeRegex, parseListQuery, type ListSpec } from '../common/list-query';
import { discountCents, subtotalCents, type DiscountRule } from '../orders/pricing';
import { centsOf, toDollars } from '../common/money';
import { parseObjectIdOr404 } from '../common/object-id';
import { couponRefusal } from './coupon-rules';
import { CouponDto, CouponListQueryDto, CouponPreviewDto, CreateCouponDto, PublicCouponDto, UpdateCouponDto } from './dto/coupon.dto';

const LIST_SPEC: ListSpec = {
  sortable: ['createdAt', 'code', 'redemptions', 'endsAt', '_id'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { q: 'string', active: 'boolean', public: 'boolean', type: 'string' },
};

export function couponRule(coupon: CouponDocument): DiscountRule {
  return { type: coupon.type, value: coupon.value };
}

/** Coupons: admin CRUD, previews on the caller's cart, and atomic redemption when an order is placed. */
@Injectable()
export class CouponsService {
  constructor(
    private readonly coupons: CouponsRepository,
    private readonly cart: CartService,
  ) {}

  async list(query: CouponListQueryDto): Promise<{ rows: CouponDto[]; total: number; skip: number }> {
    const parsed = parseListQuery(query, LIST_SPEC);
    const filter: CouponListFilter = {};
    const f = parsed.filter;
    if (typeof f.active === 'boolean') filter.active = f.active;
    if (typeof f.public === 'boolean') filter.public = f.public;
    if (typeof f.type === 'string') {
      if (!(COUPON_TYPES as readonly string[]).includes(f.type)) throw badRequest('INVALID_QUERY', 'filter type must be percent or fixed');
      filter.type = f.type as CouponType;
    }
    if (Array.isArray(f._id)) filter.ids = f._id;
    const q = typeof f.q === 'string' && f.q.trim() ? escapeRegex(f.q.trim()) : undefined;
    const { rows, total } = await this.coupons.list(filter, parsed.sort, parsed.skip, parsed.limit, q);
    const now = new Date();
    return { rows: rows.map((c) => CouponDto.from(c, now)), total, skip: parsed.skip };
  }

  async get(id: string): Promise<CouponDto> {
    return CouponDto.from(await this.find(id));
  }

  async create(dto: CreateCouponDto): Promise<CouponDto> {
    const fields = this.toFields(dto, undefined) as CouponFields;
    return CouponDto.from(await this.coupons.create(fields));
  }

  async update(id: string, dto: UpdateCouponDto): Promise<CouponDto> {
    const current = await this.find(id);
    const updated = await this.coupons.update(current._id, this.toFields(dto, current));
    if (!updated) throw notFound('COUPON_NOT_FOUND', 'Coupon not found');
    return CouponDto.from(updated);
  }

  async remove(id: string): Promise<CouponDto> {
    const coupon = await this.find(id);
    if (!(await this.coupons.delete(coupon._id))) throw notFound('COUPON_NOT_FOUND', 'Coupon not found');
    return CouponDto.from(coupon);
  }

  async listPublic(): Promise<PublicCouponDto[]> {
    const now = new Date();
    const rows = await this.coupons.listPublic(now);
    return rows
      .filter((c) => !c.startsAt || c.startsAt <= now)
      .filter((c) => typeof c.maxRedemptions !== 'number' || c.redemptions < c.maxRedemptions)
      .map((c) => PublicCouponDto.from(c));
  }

  /** Previews a coupon on the caller's cart. Never redeems anything. */
  async preview(caller: AuthUser, code: string): Promise<CouponPreviewDto> {
    const { lines } = await this.cart.priced(caller.objectId);
    const subtotal = subtotalCents(lines);
    const coupon = await this.coupons.findByCode(code);
    const base = { code: code.trim().toUpperCase(), subtotal: toDollars(subtotal) };
    if (!coupon)
      return {
        ...base,
        valid: false,
        reason: 'This coupon does not exist',
        reasonCode: 'COUPON_NOT_FOUND',
        type: null,
        discount: 0,
        totalAfterDiscount: toDollars(subtotal),
      };
    if (lines.length === 0)
      return { ...base, valid: false, reason: 'Your cart is empty', reasonCode: 'CART_EMPTY', type: coupon.type, discount: 0, totalAfterDiscount: 0 };
    const used = typeof coupon.perCustomerLimit === 'number' ? await this.coupons.customerRedemptions(coupon._id, caller.objectId) : 0;
    const refusal = couponRefusal(coupon, subtotal, used, new Date());
    if (refusal)
      return {
        ...base,
        valid: false,
        reason: refusal.message,
        reasonCode: refusal.code,
        type: coupon.type,
        discount: 0,
        totalAfterDiscount: toDollars(subtotal),
      };
    const discount = discountCents(subtotal, couponRule(coupon));
    return {
      ...base,
      valid: true,
      reason: `Coupon applied: you save $${toDollars(discount).toFixed(2)}`,
      reasonCode: null,
      type: coupon.type,
      discount: toDollars(discount),
      totalAfterDiscount: toDollars(subtotal - discount),
    };
  }

  /** The coupon for an order, if it applies to this subtotal for this customer; else 400 saying why. */
  async checkForOrder(code: string, user: Types.ObjectId, subtotal: number): Promise<CouponDocument> {
    const coupon = await this.coupons.findByCode(code);
    if (!coupon) throw badRequest('COUPON_NOT_FOUND', 'This coupon does not exist', { couponCode: 'This coupon does not exist' });
    const used = typeof coupon.perCustomerLimit === 'number' ? await this.coupons.customerRedemptions(coupon._id, user) : 0;
    const refusal = couponRefusal(coupon, subtotal, used, new Date());
    if (refusal) throw badRequest(refusal.code, refusal.message, { couponCode: refusal.message });
    return coupon;
  }

  /**
   * Counts one redemption atomically: the customer's counter first (conditional upsert), then the
   * coupon's (conditional $inc under maxRedemptions). Either refusal undoes what was taken and answers 400.
   */
  async redeem(coupon: CouponDocument, user: Types.ObjectId): Promise<void> {
    if (typeof coupon.perCustomerLimit === 'number' && !(await this.coupons.redeemForCustomer(coupon._id, user, coupon.perCustomerLimit))) {
      throw badRequest('COUPON_CUSTOMER_LIMIT', 'You have already used this coupon', { couponCode: 'You have already used this coupon' });
    }
    let max = coupon.maxRedemptions ?? null;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await this.coupons.redeem(coupon._id, max)) return;
      const fresh = await this.coupons.findById(coupon._id);
      const freshMax = fresh?.maxRedemptions ?? null;
      if (!fresh || !fresh.active || freshMax === max) break;
      max = freshMax; // the limit was edited meanwhile: try again under the new one
    }
    if (typeof coupon.perCustomerLimit === 'number') await this.coupons.releaseForCustomer(coupon._id, user);
    throw badRequest('COUPON_EXHAUSTED', 'This coupon has been fully redeemed', { couponCode: 'This coupon has been fully redeemed' });
  }

  /** Gives a redemption back (an order that failed after redeeming, or a cancelled order). */
  async release(couponId: Types.ObjectId, user: Types.ObjectId | null | undefined, perCustomer: boolean): Promise<void> {
    await this.coupons.release(couponId);
    if (perCustomer && user) await this.coupons.releaseForCustomer(couponId, user);
  }

  private async find(id: string): Promise<CouponDocument> {
    const coupon = await this.coupons.findById(parseObjectIdOr404(id, 'COUPON_NOT_FOUND', 'Coupon not found'));
    if (!coupon) throw notFound('COUPON_NOT_FOUND', 'Coupon not found');
    return coupon;
  }

  /** Request values (dollars, ISO dates) to stored values (cents, Dates), checking the rules between fields. */
  private toFields(dto: UpdateCouponDto, current: CouponDocument | undefined): Partial<CouponFields> {
    const out: Partial<CouponFields> = {};
    const errors: Record<string, string> = {};
    const type = dto.type ?? current?.type;
    if (dto.code !== undefined) out.code = dto.code.toUpperCase();
    if (dto.description !== undefined) out.description = dto.description;
    if (dto.type !== undefined) out.type = dto.type;
    if (dto.value !== undefined || (dto.type !== undefined && current)) {
      const value = dto.value ?? (current ? (current.type === 'fixed' ? toDollars(current.value) : current.value) : undefined);
      if (value === undefined) errors.value = 'Value is required';
      else if (type === 'percent') {
        if (!Number.isInteger(value) || value < 1 || value > 100) errors.value = 'A percent coupon takes a whole percent from 1 to 100';
        else out.value = value;
      } else {
        const cents = centsOf(value);
        if (cents === undefined || cents < 1) errors.value = 'A fixed coupon takes an amount in dollars above 0, to the cent';
        else out.value = cents;
      }
    }
    if (dto.minSubtotal !== undefined) {
      const cents = centsOf(dto.minSubtotal);
      if (cents === undefined) errors.minSubtotal = 'The minimum subtotal must be an amount in dollars, to the cent';
      else out.minSubtotalCents = cents;
    } else if (!current) out.minSubtotalCents = 0;
    if (dto.startsAt !== undefined) out.startsAt = dto.startsAt === null ? null : new Date(dto.startsAt);
    if (dto.endsAt !== undefined) out.endsAt = dto.endsAt === null ? null : new Date(dto.endsAt);
    const startsAt = out.startsAt !== undefined ? out.startsAt : current?.startsAt;
    const endsAt = out.endsAt !== undefined ? out.endsAt : current?.endsAt;
    if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = 'The end date must be after the start date';
    // A new end date must lie ahead: a coupon saved already expired would be listed as active and never apply.
    else if (out.endsAt && out.endsAt.getTime() <= Date.now()) errors.endsAt = 'The end date must be in the future';
    if (dto.maxRedemptions !== undefined) out.maxRedemptions = dto.maxRedemptions;
    if (dto.perCustomerLimit !== undefined) out.perCustomerLimit = dto.perCustomerLimit;
    if (dto.active !== undefined) out.active = dto.active;
    else if (!current) out.active = true;
    if (dto.public !== undefined) out.public = dto.public;
    else if (!current) out.public = false;
    const first = Object.values(errors)[0];
    if (first) throw badRequest('VALIDATION_FAILED', first, errors);
    return out;
  }
}
