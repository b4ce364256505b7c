import { Injectable } from '@nestjs/common';
import { CUSTOMER_FIGURE_SORTS, CustomersRepository, type CustomerListFilter, type CustomerListOptions } from '@shop/database';
import { badRequest, notFound } from '../common/domain-error';
import { parseListQuery, type ListSpec } from '../common/list-query';
import { parseObjectId } from '../common/object-id';
import { CustomerDetailDto, CustomerDto, type CustomerListQueryDto } from './dto/customer.dto';

const CUSTOMER_LIST: ListSpec = {
  sortable: ['createdAt', 'username', 'email', '_id', ...CUSTOMER_FIGURE_SORTS],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { q: 'string', hasOrders: 'boolean', newsletter: 'boolean', role: 'string' },
  defaultPageSize: 25,
  maxPageSize: 100,
};

const ROLES = ['admin', 'distributor', 'customer'] as const;

export interface CustomerPage {
  items: CustomerDto[];
  skip: number;
  total: number;
}

@Injectable()
export class CustomersService {
  constructor(private readonly customers: CustomersRepository) {}

  async list(query: CustomerListQueryDto): Promise<CustomerPage> {
    const { skip, limit, sort, filter } = parseListQuery(query, CUSTOMER_LIST);
    const typed: CustomerListFilter = {};
    if (typeof filter.q === 'string' && filter.q.trim()) typed.q = filter.q.trim();
    if (typeof filter.hasOrders === 'boolean') typed.hasOrders = filter.hasOrders;
    if (typeof filter.newsletter === 'boolean') typed.newsletter = filter.newsletter;
    if (typeof filter.role === 'string') {
      const role = ROLES.find((r) => r === filter.role);
      if (!role) throw badRequest('INVALID_QUERY', `filter role must be one of: ${ROLES.join(', ')}`);
      typed.role = role;
    }
    if (Array.isArray(filter._id)) typed.ids = filter._id;
    const options: CustomerListOptions = { skip, limit, sort: { field: sort.field as CustomerListOptions['sort']['field'], order: sort.order } };
    const { items, total } = await this.customers.list(typed, options);
    return { items: items.map((row) => CustomerDto.from(row)), skip, total };
  }

  async get(idText: string): Promise<CustomerDetailDto> {
    const id = parseObjectId(idText);
    const detail = id && (await this.customers.findOne(id));
    if (!detail) throw notFound('USER_NOT_FOUND', 'Customer not found');
    return CustomerDetailDto.fromDetail(detail);
  }
}
