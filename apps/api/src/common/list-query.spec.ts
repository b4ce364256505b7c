import { DomainError } from './domain-error';
import { escapeRegex, parseListQuery, type ListSpec } from './list-query';

const spec: ListSpec = {
  sortable: ['_id', 'name', 'createdAt'],
  defaultSort: { field: 'createdAt', order: -1 },
  filterable: { q: 'string', category: 'id', isAdmin: 'boolean' },
};

const fails = (query: Record<string, unknown>) => {
  try {
    parseListQuery(query, spec);
  } catch (e) {
    return e instanceof DomainError && e.status === 400;
  }
  return false;
};

describe('parseListQuery', () => {
  it('defaults to the first page of 24, newest first', () => {
    expect(parseListQuery({}, spec)).toEqual({ skip: 0, limit: 24, sort: { field: 'createdAt', order: -1 }, filter: {} });
  });

  it('reads page and pageSize', () => {
    expect(parseListQuery({ page: '3', pageSize: '10' }, spec)).toMatchObject({ skip: 20, limit: 10 });
  });

  it("reads react-admin's range, sort and filter", () => {
    const q = parseListQuery(
      { range: '[10,19]', sort: '["name","ASC"]', filter: '{"q":"shirt","category":"665f1c2e9d1e8a0012345678","isAdmin":true}' },
      spec,
    );
    expect(q.skip).toBe(10);
    expect(q.limit).toBe(10);
    expect(q.sort).toEqual({ field: 'name', order: 1 });
    expect(q.filter.q).toBe('shirt');
    expect(String(q.filter.category)).toBe('665f1c2e9d1e8a0012345678');
  });

  it('maps id to _id in sort and filter', () => {
    const q = parseListQuery({ sort: '["id","DESC"]', filter: '{"id":["665f1c2e9d1e8a0012345678"]}' }, spec);
    expect(q.sort).toEqual({ field: '_id', order: -1 });
    expect(Array.isArray(q.filter._id)).toBe(true);
  });

  it.each([
    [{ filter: '{"q":{"$ne":null}}' }],
    [{ filter: '{"passwordHash":"x"}' }],
    [{ filter: '{"category":{"$gt":""}}' }],
    [{ filter: 'not json' }],
    [{ sort: '["passwordHash","ASC"]' }],
    [{ sort: '{"$where":"1"}' }],
    [{ range: '[5,1]' }],
    [{ range: '{"$gt":0}' }],
    [{ page: ['1', '2'] }],
    [{ page: '0' }],
    [{ pageSize: '100000' }],
  ])('refuses %j with 400', (query) => {
    expect(fails(query)).toBe(true);
  });
});

describe('escapeRegex', () => {
  it('makes every character literal', () => {
    const re = new RegExp(escapeRegex('.*(a+)+$'));
    expect(re.test('x.*(a+)+$y')).toBe(true);
    expect(re.test('anything')).toBe(false);
  });
});
