import { describe, expect, it } from 'vitest';
import { tableUnits } from '../scripts/table-owners';

// `npm run tables:owners` prints this list; the lint (house/table-owner) refuses a new use, this proves the whole tree.
describe('each table has one owner (decision 0047)', () => {
  it('every table in db/schema is named by exactly one server unit', () => {
    const units = tableUnits();
    expect(units.size).toBeGreaterThanOrEqual(56);
    const shared = [...units]
      .filter(([, by]) => by.size !== 1)
      .map(([table, by]) => `${table}: ${[...by.keys()].join(', ') || 'nobody'}`);
    expect(shared).toEqual([]);
  });

  it('the owner is the unit the schema file is named for', () => {
    const units = tableUnits();
    expect([...units.get('payments')!.keys()]).toEqual(['modules/payments']);
    expect([...units.get('accounts')!.keys()]).toEqual(['modules/accounts']);
    expect([...units.get('mail_outbox')!.keys()]).toEqual(['adapters/mail']);
  });
});
