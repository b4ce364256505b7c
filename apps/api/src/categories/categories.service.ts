import type { Types } from 'mongoose';
import { Injectable } from '@nestjs/common';
import { CategoriesRepository, isDuplicateKeyError, ProductsRepository, type CategoryRecord, type CategorySort } from '@shop/database';
import { conflict, notFound } from '../common/domain-error';
import { escapeRegex, parseListQuery, type ListSpec } from '../common/list-query';
import { parseObjectIdOr404 } from '../common/object-id';
import { CategoryDeletedDto, CategoryDto } from './dto/category.dto';
import type { CategoryListQueryDto } from './dto/category-query.dto';

export const CATEGORY_LIST_SPEC: ListSpec = {
  sortable: ['name', 'createdAt', 'updatedAt', '_id'],
  defaultSort: { field: 'name', order: 1 },
  filterable: { q: 'string', name: 'string' },
  defaultPageSize: 25,
  maxPageSize: 200,
};

export const CATEGORY_EXISTS_MESSAGE = 'A category with this name already exists';
/** Why a category cannot be deleted: "Shoes has 12 products: move or delete them first". */
export function categoryInUseMessage(name: string, products: number): string {
  return products === 1 ? `${name} has 1 product: move or delete it first` : `${name} has ${products} products: move or delete them first`;
}

export interface CategoryPage {
  items: CategoryDto[];
  skip: number;
  total: number;
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly products: ProductsRepository,
  ) {}

  async all(): Promise<CategoryDto[]> {
    return (await this.categories.findAll()).map((c) => CategoryDto.from(c));
  }

  /** A page of categories; `withCounts` (admins) adds each one's product count. */
  async list(query: CategoryListQueryDto, withCounts = false): Promise<CategoryPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, CATEGORY_LIST_SPEC);
    const text = (filter.q ?? filter.name) as string | undefined;
    const criteria = {
      ...(filter._id ? { ids: filter._id as Types.ObjectId[] } : {}),
      ...(text ? { namePattern: new RegExp(escapeRegex(text.slice(0, 100)), 'i') } : {}),
    };
    const [rows, total] = await Promise.all([
      this.categories.find(criteria, sort as CategorySort, skip, limit),
      this.categories.countMatching(criteria),
    ]);
    const counts = withCounts ? await this.products.countByCategories(rows.map((c) => c._id)) : undefined;
    return { items: rows.map((c) => CategoryDto.from(c, counts ? (counts.get(c._id.toString()) ?? 0) : undefined)), skip, total };
  }

  async get(id: string, withCount = false): Promise<CategoryDto> {
    const category = await this.require(id);
    return CategoryDto.from(category, withCount ? await this.products.countInCategory(category._id) : undefined);
  }

  async require(id: string): Promise<CategoryRecord> {
    const category = await this.categories.findById(parseObjectIdOr404(id, 'CATEGORY_NOT_FOUND', 'Category not found'));
    if (!category) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    return category;
  }

  async create(name: string): Promise<CategoryDto> {
    try {
      const created = await this.categories.create(name);
      return CategoryDto.from(created.toObject());
    } catch (error) {
      throw this.clash(error);
    }
  }

  async rename(id: string, name: string): Promise<CategoryDto> {
    const objectId = parseObjectIdOr404(id, 'CATEGORY_NOT_FOUND', 'Category not found');
    let renamed: CategoryRecord | null;
    try {
      renamed = await this.categories.rename(objectId, name);
    } catch (error) {
      throw this.clash(error);
    }
    if (!renamed) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    return CategoryDto.from(renamed);
  }

  async remove(id: string): Promise<CategoryDeletedDto> {
    const category = await this.require(id);
    const products = await this.products.countInCategory(category._id);
    if (products > 0) throw conflict('CATEGORY_IN_USE', categoryInUseMessage(category.name, products));
    if (!(await this.categories.deleteById(category._id))) throw notFound('CATEGORY_NOT_FOUND', 'Category not found');
    return { ...CategoryDto.from(category), message: `${category.name} is deleted.` };
  }

  private clash(error: unknown): unknown {
    if (isDuplicateKeyError(error)) return conflict('CATEGORY_EXISTS', CATEGORY_EXISTS_MESSAGE, { name: CATEGORY_EXISTS_MESSAGE });
    return error;
  }
}
