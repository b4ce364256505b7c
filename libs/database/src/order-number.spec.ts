import { Types } from 'mongoose';
import { orderNumberOf } from './order-number';

describe('orderNumberOf', () => {
  it('is the last 8 hex digits of the id, upper case, from an id or its text', () => {
    const id = new Types.ObjectId('6b0a537e10476ad77df4ff87');
    expect(orderNumberOf(id)).toBe('7DF4FF87');
    expect(orderNumberOf('6b0a537e10476ad77df4ff87')).toBe('7DF4FF87');
  });
});
