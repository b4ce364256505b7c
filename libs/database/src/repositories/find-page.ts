import type { Model } from 'mongoose';

export interface Page<T> {
  rows: T[];
  total: number;
}

/** One page of a list and the total count, sorted by a field with _id as the tie-breaker. */
export async function findPage<T>(
  model: Model<T>,
  query: Record<string, unknown>,
  sort: { field: string; order: 1 | -1 },
  skip: number,
  limit: number,
): Promise<Page<InstanceType<Model<T>>>> {
  const [rows, total] = await Promise.all([
    model
      .find(query)
      .sort({ [sort.field]: sort.order, _id: sort.order })
      .skip(skip)
      .limit(limit)
      .exec(),
    model.countDocuments(query).exec(),
  ]);
  return { rows, total };
}
