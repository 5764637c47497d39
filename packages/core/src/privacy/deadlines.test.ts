import { describe, expect, it } from 'vitest';
import { breachCommissionDeadline, requestAnswerDueAt, timeLeft } from './deadlines';

describe('the deadlines of the registers', () => {
  it('a request is due one calendar month after it was received, on the last day of a shorter month', () => {
    expect(requestAnswerDueAt(new Date('2026-11-26T10:00:00Z')).toISOString()).toBe(
      '2026-12-26T10:00:00.000Z',
    );
    expect(requestAnswerDueAt(new Date('2026-12-15T08:30:00Z')).toISOString()).toBe(
      '2027-01-15T08:30:00.000Z',
    );
    expect(requestAnswerDueAt(new Date('2027-01-31T09:00:00Z')).toISOString()).toBe(
      '2027-02-28T09:00:00.000Z',
    );
    expect(requestAnswerDueAt(new Date('2028-01-31T09:00:00Z')).toISOString()).toBe(
      '2028-02-29T09:00:00.000Z',
    );
    expect(requestAnswerDueAt(new Date('2027-03-31T09:00:00Z')).toISOString()).toBe(
      '2027-04-30T09:00:00.000Z',
    );
  });

  it('a breach must reach the Commission 72 hours after it was found; the time left turns overdue after', () => {
    const found = new Date('2026-11-26T10:00:00Z');
    const deadline = breachCommissionDeadline(found);
    expect(deadline.toISOString()).toBe('2026-11-29T10:00:00.000Z');
    expect(timeLeft(deadline, new Date('2026-11-27T08:45:00Z'))).toEqual({
      overdue: false,
      hours: 49,
      minutes: 15,
    });
    expect(timeLeft(deadline, new Date('2026-11-29T11:30:00Z'))).toEqual({
      overdue: true,
      hours: 1,
      minutes: 30,
    });
  });
});
