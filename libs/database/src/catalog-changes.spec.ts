import { Types } from 'mongoose';
import { classifyProductWrite } from './catalog-changes';

describe('classifyProductWrite: which product writes are stock-only', () => {
  const id = new Types.ObjectId();
  const other = new Types.ObjectId();
  const now = new Date();

  it('names the products when only stock moved', () => {
    expect(
      classifyProductWrite({ _id: id, countInStock: { $gte: 2 } }, { $inc: { countInStock: -2, quantity: -2 }, $set: { updatedAt: now } }),
    ).toEqual([String(id)]);
    expect(
      classifyProductWrite(
        { _id: id },
        { $inc: { 'variants.$.countInStock': -1, countInStock: -1, quantity: -1 }, $push: { stockHolds: { order: other } } },
      ),
    ).toEqual([String(id)]);
    expect(
      classifyProductWrite({ _id: id }, { $inc: { 'variants.$[v].countInStock': 1, countInStock: 1 }, $pull: { stockHolds: { order: other } } }),
    ).toEqual([String(id)]);
    expect(classifyProductWrite({ _id: { $in: [id, other] } }, { $inc: { countInStock: 1 } })).toEqual([String(id), String(other)]);
    expect(
      classifyProductWrite({ _id: id, restockMarks: { $ne: 'o:0' } }, { $inc: { countInStock: 2, quantity: 2 }, $push: { restockMarks: 'o:0' } }),
    ).toEqual([String(id)]);
  });

  it('ignores bookkeeping that no answer shows', () => {
    expect(classifyProductWrite({ _id: { $in: [id] }, 'stockHolds.order': other }, { $pull: { stockHolds: { order: other } } })).toBe('none');
    expect(classifyProductWrite({ _id: { $in: [id] } }, { $pull: { restockMarks: { $in: ['o:0'] } } })).toBe('none');
  });

  it('treats anything else as any change', () => {
    expect(classifyProductWrite({ _id: id }, { $set: { price: 10, updatedAt: now } })).toBe('any');
    expect(classifyProductWrite({ _id: id }, { $set: { countInStock: 5, status: 'draft' } })).toBe('any');
    expect(classifyProductWrite({ _id: id }, { $push: { reviews: { rating: 5 } } })).toBe('any');
    expect(classifyProductWrite({ _id: id }, { $unset: { countInStock: 1 } })).toBe('any');
    expect(classifyProductWrite({ category: id }, { $inc: { countInStock: 1 } })).toBe('any');
    expect(classifyProductWrite({ _id: id }, { countInStock: 3 })).toBe('any');
    expect(classifyProductWrite({ _id: id }, [{ $set: { countInStock: 3 } }])).toBe('any');
    expect(classifyProductWrite({ _id: id }, {})).toBe('any');
  });
});
