import { describe, expect, it } from 'vitest';
import { awardDueStatus } from './award-due';

describe('award installments', () => {
  const now = new Date('2027-06-01T12:00:00Z');
  it('is due from its due date, upcoming before it, and delivered once handed over', () => {
    expect(awardDueStatus({ status: 'pending', dueAt: new Date('2027-06-01T12:00:00Z') }, now)).toBe('due');
    expect(awardDueStatus({ status: 'pending', dueAt: new Date('2026-06-01T12:00:00Z') }, now)).toBe('due');
    expect(awardDueStatus({ status: 'pending', dueAt: new Date('2028-06-01T12:00:00Z') }, now)).toBe(
      'upcoming',
    );
    expect(awardDueStatus({ status: 'delivered', dueAt: new Date('2028-06-01T12:00:00Z') }, now)).toBe(
      'delivered',
    );
  });
});
