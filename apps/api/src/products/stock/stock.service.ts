import { Injectable } from '@nestjs/common';
import { InventoryRepository, StockLedgerRepository } from '@shop/database';
import type { AuthUser } from '../../auth/auth-user';
import { badRequest, conflict } from '../../common/domain-error';
import { parseListQuery, type ListSpec } from '../../common/list-query';
import { ProductsService } from '../products.service';
import { StockMovementDto, type StockAdjustmentInputDto, type StockAdjustmentResultDto, type StockLedgerQueryDto } from './stock.dto';

const LEDGER_LIST_SPEC: ListSpec = {
  sortable: ['at'],
  defaultSort: { field: 'at', order: -1 },
  filterable: { variantSku: 'string' },
  defaultPageSize: 25,
};

/** A product's stock ledger and the changes a person makes to its stock (admins any product, distributors their own). */
@Injectable()
export class StockService {
  constructor(
    private readonly products: ProductsService,
    private readonly inventory: InventoryRepository,
    private readonly ledger: StockLedgerRepository,
  ) {}

  async list(user: AuthUser, id: string, query: StockLedgerQueryDto): Promise<{ items: StockMovementDto[]; skip: number; total: number }> {
    const product = await this.products.owned(id, user);
    const { skip, limit, filter } = parseListQuery(query, LEDGER_LIST_SPEC);
    const { rows, total } = await this.ledger.list(product._id, filter.variantSku as string | undefined, skip, limit);
    return { items: rows.map((r) => StockMovementDto.from(r)), skip, total };
  }

  async adjust(user: AuthUser, id: string, input: StockAdjustmentInputDto): Promise<StockAdjustmentResultDto> {
    const product = await this.products.owned(id, user);
    const variants = product.variants ?? [];
    const sku = input.variantSku?.trim();
    const variant = sku ? variants.find((v) => v.sku === sku) : undefined;
    if (sku && !variant) throw badRequest('VARIANT_NOT_FOUND', `${product.name} has no variant ${sku}`, { variantSku: `No variant ${sku}` });
    if (!sku && variants.length > 0) {
      const message = `${product.name} has variants: choose the variant whose stock changes`;
      throw badRequest('VARIANT_REQUIRED', message, { variantSku: message });
    }
    const note = input.note?.trim();
    const after = await this.inventory.adjust(
      { product: product._id, ...(sku ? { variantSku: sku } : {}) },
      input.delta,
      input.reason,
      { id: user.objectId, name: user.username },
      note || undefined,
    );
    if (!after) {
      const now = variant ? variant.countInStock : product.countInStock;
      throw conflict('STOCK_BELOW_ZERO', `Only ${now} in stock: taking out ${-input.delta} would leave less than zero`, {
        delta: `At most ${now} can be taken out`,
      });
    }
    return { countInStock: after.countInStock, ...(sku ? { variantSku: sku } : {}), level: after.variantLevel ?? after.countInStock };
  }
}
