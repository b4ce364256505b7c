import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { CartItem, CartsRepository, InventoryRepository, StockView, Variant } from '@shop/database';
import type { AuthUser } from '../auth/auth-user';
import { StockViewCache } from '../catalog-cache/catalog-cache.module';
import { badRequest, conflict, forbidden, notFound } from '../common/domain-error';
import { subtotalCents } from '../orders/pricing';
import { toDollars } from '../common/money';
import { parseObjectIdOr404 } from '../common/object-id';
import { AddToCartDto, CartDto, CartLineDto, UpdateCartDto } from './dto/cart.dto';

export const MAX_LINE_QUANTITY = 99;
/** Tries of a cart change that other requests keep beating to the cart (each loss means one of them got through). */
const MAX_CART_ATTEMPTS = 5;

/** A cart line with its current catalog data. */
export interface PricedCartLine {
  product: StockView;
  variant?: Variant;
  quantity: number;
  unitPriceCents: number;
  available: number;
}

export interface PricedCart {
  lines: PricedCartLine[];
  /** Lines whose product or variant left the catalog. */
  unavailable: CartItem[];
}

function sameLine(item: CartItem, product: Types.ObjectId, variantSku: string | undefined): boolean {
  return item.product.equals(product) && (item.variantSku ?? undefined) === (variantSku ?? undefined);
}

export function stockRefusal(name: string, left: number): string {
  return left <= 0 ? `${name} is out of stock (0 left)` : `Only ${left} left in stock for ${name}`;
}

/**
 * The server-side cart. It belongs to the caller: a userId naming anyone else answers 403, for admins
 * too (a cart is personal; admins have no reason to fill someone else's). Prices come from the catalog.
 */
@Injectable()
export class CartService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly inventory: InventoryRepository,
    private readonly stockViews: StockViewCache,
  ) {}

  /** The cart owner: the caller. A different userId is refused. */
  owner(caller: AuthUser, userId: string | undefined): Types.ObjectId {
    if (userId !== undefined && userId !== caller.id) throw forbidden('CART_FORBIDDEN', 'You can only use your own cart');
    return caller.objectId;
  }

  async view(caller: AuthUser, userId?: string): Promise<CartDto> {
    const user = this.owner(caller, userId);
    const cart = await this.carts.findByUser(user);
    return this.toDto(user, await this.shown(cart?.items ?? []));
  }

  add(caller: AuthUser, dto: AddToCartDto): Promise<CartDto> {
    return this.setLine(this.owner(caller, dto.userId), dto.productId, dto.variantSku, dto.quantity ?? 1, 'add');
  }

  update(caller: AuthUser, dto: UpdateCartDto): Promise<CartDto> {
    return this.setLine(this.owner(caller, dto.userId), dto.productId, dto.variantSku, dto.quantity, 'set');
  }

  async remove(caller: AuthUser, productId: string, variantSku: string | undefined, userId?: string): Promise<CartDto> {
    const user = this.owner(caller, userId);
    const product = parseObjectIdOr404(productId, 'CART_ITEM_NOT_FOUND', 'This item is not in your cart');
    // One atomic update: an add of another line made at the same moment is never lost.
    const cart = await this.carts.removeLines(user, product, variantSku);
    if (!cart) throw notFound('CART_ITEM_NOT_FOUND', 'This item is not in your cart');
    return this.toDto(user, await this.shown(cart.items));
  }

  async clear(caller: AuthUser, userId?: string): Promise<CartDto> {
    const user = this.owner(caller, userId);
    await this.carts.clear(user);
    return { userId: user.toString(), items: [], totalQuantity: 0, subtotal: 0 };
  }

  /** The user's cart lines with current catalog prices and stock. */
  async priced(user: Types.ObjectId): Promise<PricedCart> {
    const cart = await this.carts.findByUser(user);
    return this.priceItems(cart?.items ?? []);
  }

  /** Prices cart items; products already read in this request are not read again. */
  private async priceItems(items: CartItem[], known: StockView[] = []): Promise<PricedCart> {
    const byId = new Map(known.map((p) => [p._id.toString(), p]));
    const missing = [...new Map(items.filter((i) => !byId.has(i.product.toString())).map((i) => [i.product.toString(), i.product])).values()];
    for (const p of await this.inventory.findByIds(missing)) byId.set(p._id.toString(), p);
    const lines: PricedCartLine[] = [];
    const unavailable: CartItem[] = [];
    for (const item of items) {
      const product = byId.get(item.product.toString());
      const variant = item.variantSku ? product?.variants.find((v) => v.sku === item.variantSku) : undefined;
      if (!product || product.status !== 'published' || (item.variantSku && !variant)) {
        unavailable.push(item);
        continue;
      }
      lines.push({
        product,
        variant,
        quantity: item.quantity,
        unitPriceCents: variant?.priceCents ?? product.priceCents,
        available: variant ? variant.countInStock : product.countInStock,
      });
    }
    return { lines, unavailable };
  }

  /** Empties the user's cart (after an order). */
  async empty(user: Types.ObjectId): Promise<void> {
    await this.carts.clear(user);
  }

  private async setLine(
    user: Types.ObjectId,
    productId: string,
    variantSku: string | undefined,
    quantity: number,
    mode: 'add' | 'set',
  ): Promise<CartDto> {
    const productObjectId = new Types.ObjectId(productId);
    const [product] = await this.cachedStockViews([productObjectId]);
    if (!product || product.status !== 'published') throw notFound('PRODUCT_NOT_FOUND', 'Product not found');
    let variant: Variant | undefined;
    if (product.variants.length > 0) {
      if (!variantSku)
        throw badRequest('VARIANT_REQUIRED', 'Please choose a size or colour (variantSku)', { variantSku: 'Please choose a size or colour' });
      variant = product.variants.find((v) => v.sku === variantSku);
      if (!variant) throw badRequest('VARIANT_NOT_FOUND', 'This product has no such variant', { variantSku: 'Unknown variant' });
    } else if (variantSku) {
      throw badRequest('VARIANT_NOT_FOUND', 'This product has no variants', { variantSku: 'This product has no variants' });
    }

    const available = variant ? variant.countInStock : product.countInStock;
    const max = Math.min(MAX_LINE_QUANTITY, available);
    const line = { product: productObjectId, variantSku };
    // One atomic update: concurrent adds all count, and the cart is not read first. When it changes nothing,
    // the cart as it is says why; when that shows nothing wrong, another request changed the cart at that very
    // moment (created it, or added this line) and the update is tried again.
    for (let attempt = 1; ; attempt += 1) {
      if (quantity <= max) {
        const changed =
          mode === 'add' ? await this.carts.addToLine(user, line, quantity, max) : await this.carts.setLineQuantity(user, line, quantity);
        // The answer's other lines come from the stock-view cache too (the product was just read).
        if (changed) return this.toDto(user, await this.shown(changed.items, [product]));
      }
      const cart = await this.carts.findByUser(user);
      const current = cart?.items.find((i) => sameLine(i, productObjectId, variantSku));
      if (mode === 'set' && !current) throw notFound('CART_ITEM_NOT_FOUND', 'This item is not in your cart');
      const wanted = mode === 'add' ? (current?.quantity ?? 0) + quantity : quantity;
      if (wanted > MAX_LINE_QUANTITY)
        throw badRequest('QUANTITY_TOO_LARGE', `At most ${MAX_LINE_QUANTITY} of one item fit in a cart`, {
          quantity: `At most ${MAX_LINE_QUANTITY}`,
        });
      if (wanted > available) throw badRequest('INSUFFICIENT_STOCK', stockRefusal(product.name, available), { quantity: `${available} left` });
      if (attempt >= MAX_CART_ATTEMPTS) throw conflict('CART_BUSY', 'Your cart is being changed elsewhere, please try again');
    }
  }

  /** Cart items priced for the cart's own answers, from the stock-view cache (checkout uses priced()). */
  private async shown(items: CartItem[], known: StockView[] = []): Promise<PricedCart> {
    return this.priceItems(
      items,
      await this.cachedStockViews(
        items.map((i) => i.product),
        known,
      ),
    );
  }

  /**
   * These products as the cart shows them, from the stock-view cache where it has them (dropped at once by any
   * write to the product), else read together. `known` are already at hand. Products that no longer exist are
   * left out. Only for the cart's own answers: checkout prices from the database (priced()).
   */
  private async cachedStockViews(ids: Types.ObjectId[], known: StockView[] = []): Promise<StockView[]> {
    const found = new Map(known.map((p) => [p._id.toString(), p]));
    const missing: Types.ObjectId[] = [];
    for (const id of ids) {
      const key = id.toString();
      if (found.has(key)) continue;
      const cached = this.stockViews.get(key);
      if (cached) found.set(key, cached);
      else if (!missing.some((m) => m.equals(id))) missing.push(id);
    }
    if (missing.length > 0) {
      const generation = this.stockViews.begin();
      for (const product of await this.inventory.findByIds(missing)) {
        found.set(product._id.toString(), product);
        this.stockViews.store(product._id.toString(), product, generation);
      }
    }
    return ids.map((id) => found.get(id.toString())).filter((p): p is StockView => p !== undefined);
  }

  private toDto(user: Types.ObjectId, cart: PricedCart): CartDto {
    const items: CartLineDto[] = cart.lines.map((l) => ({
      productId: l.product._id.toString(),
      name: l.product.name,
      // The chosen colour's picture when the variant has one: read from the catalogue, never from the client.
      image: l.variant?.image || l.product.image,
      price: toDollars(l.unitPriceCents),
      quantity: l.quantity,
      variant: l.variant ? { sku: l.variant.sku, size: l.variant.size ?? null, colour: l.variant.colour ?? null } : null,
      countInStock: l.available,
      lineTotal: toDollars(l.unitPriceCents * l.quantity),
    }));
    return {
      userId: user.toString(),
      items,
      totalQuantity: cart.lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: toDollars(subtotalCents(cart.lines)),
    };
  }
}
