import { describe, expect, it } from 'vitest';
import { needsTrackingNumber, nextStatuses } from './orderStatus';

describe('order status transitions', () => {
  it("offers only the API table's moves", () => {
    expect(nextStatuses('pending')).toEqual(['paid', 'cancelled']);
    expect(nextStatuses('paid')).toEqual(['shipped', 'cancelled']);
    expect(nextStatuses('shipped')).toEqual(['delivered']);
    expect(nextStatuses('delivered')).toEqual([]);
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('bogus')).toEqual([]);
  });
  it('asks for a tracking number when shipping', () => {
    expect(needsTrackingNumber('shipped')).toBe(true);
    expect(needsTrackingNumber('paid')).toBe(false);
  });
});
