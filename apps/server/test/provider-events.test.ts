import { describe, expect, it } from 'vitest';
import { ProviderEvents, type ProviderEventHandler } from '../src/modules/payments/provider-events';

const handler = (events: string): ProviderEventHandler => ({ events, received: () => null });

describe('provider events: each kind has one owner', () => {
  it('hands an event to the handler of its whole name or of its start, and to none for an unknown kind', () => {
    const registry = new ProviderEvents();
    const charge = handler('charge.success');
    const disputes = handler('charge.dispute.');
    registry.add(charge);
    registry.add(disputes);
    expect(registry.of('charge.success')).toBe(charge);
    expect(registry.of('charge.dispute.create')).toBe(disputes);
    expect(registry.of('charge.successful')).toBeUndefined();
    expect(registry.of('subscription.create')).toBeUndefined();
  });

  it('refuses, when the app is built, a second owner for events another already takes', () => {
    const registry = new ProviderEvents();
    registry.add(handler('transfer.'));
    expect(() => registry.add(handler('transfer.'))).toThrow(/registered twice/);
    expect(() => registry.add(handler('transfer.success'))).toThrow(/registered twice/);
    registry.add(handler('charge.success'));
    expect(() => registry.add(handler('charge.'))).toThrow(/registered twice/);
  });
});
