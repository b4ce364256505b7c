import { ORDER_STATUSES, type OrderStatus } from '@shop/database';
import { canTransition, ORDER_TRANSITIONS, restocksOn, transitionRefusal } from './order-state';

describe('order state transitions', () => {
  const allowed = new Set(['pending>paid', 'paid>shipped', 'shipped>delivered', 'pending>cancelled', 'paid>cancelled']);

  it.each(ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus])))('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('lists exactly five allowed moves and restocks only on cancel', () => {
    expect(Object.values(ORDER_TRANSITIONS).flat()).toHaveLength(5);
    expect(ORDER_STATUSES.filter(restocksOn)).toEqual(['cancelled']);
  });

  it('explains refusals', () => {
    expect(transitionRefusal('delivered', 'cancelled')).toBe('A delivered order cannot change any more');
    expect(transitionRefusal('pending', 'shipped')).toBe('A pending order cannot become shipped (allowed: paid, cancelled)');
    expect(transitionRefusal('paid', 'paid')).toBe('The order is already paid');
  });
});
