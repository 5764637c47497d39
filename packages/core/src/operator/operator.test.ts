import { describe, expect, it } from 'vitest';
import { lagosMonth, lastMonths, monthStart } from './months';
import { supportAge } from './support-deadline';

const day = 86_400_000;
const created = new Date('2026-11-01T10:00:00Z');
const at = (days: number) => new Date(created.getTime() + days * day);

describe('support messages against the 14-day promise', () => {
  it('counts whole days and highlights an open message only past 10 days', () => {
    expect(supportAge({ createdAt: created, state: 'open', settledAt: null }, at(10))).toEqual({
      ageDays: 10,
      daysLeft: 4,
      highlighted: false,
      overdue: false,
    });
    expect(supportAge({ createdAt: created, state: 'open', settledAt: null }, at(11))).toEqual({
      ageDays: 11,
      daysLeft: 3,
      highlighted: true,
      overdue: false,
    });
    expect(supportAge({ createdAt: created, state: 'open', settledAt: null }, at(15))).toEqual({
      ageDays: 15,
      daysLeft: -1,
      highlighted: true,
      overdue: true,
    });
  });
  it('stops the clock when the message is answered, and remembers a late answer', () => {
    expect(supportAge({ createdAt: created, state: 'answered', settledAt: at(3) }, at(40))).toEqual({
      ageDays: 3,
      daysLeft: null,
      highlighted: false,
      overdue: false,
    });
    expect(supportAge({ createdAt: created, state: 'answered', settledAt: at(16) }, at(40))).toMatchObject({
      ageDays: 16,
      overdue: true,
      highlighted: false,
    });
    expect(supportAge({ createdAt: created, state: 'closed', settledAt: at(20) }, at(40))).toMatchObject({
      overdue: false,
      highlighted: false,
    });
  });
});

describe('company months', () => {
  it('are Lagos months', () => {
    expect(lagosMonth(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12');
    expect(lagosMonth(new Date('2026-11-30T22:59:00Z'))).toBe('2026-11');
    expect(monthStart('2026-12').toISOString()).toBe('2026-11-30T23:00:00.000Z');
  });
  it('lists the last twelve, oldest first, across a year end', () => {
    const months = lastMonths(new Date('2026-02-10T12:00:00Z'), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months[11]).toBe('2026-02');
  });
});
