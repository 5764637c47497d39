import { earningsBandNames, summariseEarnings, type Programme } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { awardsDeliveredByKind } from '../engine/award-store';
import { accountOfFeeKey } from '../engine/position-store';
import { entryLinesOf } from '../ledger/ledger-store';

/** A calendar year in Lagos (UTC+1 all year), as the database compares times. */
export function lagosYear(year: number) {
  return { from: new Date(`${year}-01-01T00:00:00+01:00`), to: new Date(`${year + 1}-01-01T00:00:00+01:00`) };
}

/**
 * The statement's figures, from the ledger alone: fee entries of the year (tied to their member through the
 * position their payment placed), and the wallet lines of the year's bonus entries (referral and promotion).
 */
export async function incomeDisclosureFigures(
  db: Db,
  programme: Programme,
  year: number,
): Promise<Omit<IncomeDisclosure, 'published' | 'publishedAt'>> {
  const { from, to } = lagosYear(year);
  const members = await queryRows<{ account_id: string; fees: string; received: string }>(
    db,
    sql`with fees as (
          select ${accountOfFeeKey(feeKeyOf(sql`f.idempotency_key`))} as account_id, sum(f.amount_kobo) as fees
          from ${feeLines(programme, from, to)} f
          group by 1 having sum(f.amount_kobo) > 0
        ), received as (${receivedInYear(programme, from, to)})
        select f.account_id, f.fees, coalesce(r.received, 0) as received from fees f left join received r on r.account_id = f.account_id
        order by f.account_id`,
  );
  const [others] = await queryRows<{ total: string | null }>(
    db,
    sql`with fees as (
          select ${accountOfFeeKey(feeKeyOf(sql`f.idempotency_key`))} as account_id from ${feeLines(programme, from, to)} f
          group by 1 having sum(f.amount_kobo) > 0
        ), received as (${receivedInYear(programme, from, to)})
        select sum(r.received) as total from received r where r.account_id not in (select account_id from fees)`,
  );
  const awards = await awardsDeliveredByKind(db, programme, from, to);
  const received = members.map((m) => Number(m.received));
  const fees = members.map((m) => Number(m.fees));
  const summary = summariseEarnings(received, fees);
  return {
    programme,
    year,
    members: summary.members,
    feesPaidKobo: fees.reduce((s, v) => s + v, 0),
    receivedKobo: received.reduce((s, v) => s + v, 0),
    receivedByEarlierMembersKobo: Number(others?.total ?? 0),
    bands: summary.bands.map((b) => ({ ...b, label: earningsBandNames[b.band] })),
    medianReceivedKobo: summary.medianReceivedKobo,
    meanReceivedKobo: summary.meanReceivedKobo,
    medianNetKobo: summary.medianNetKobo,
    meanNetKobo: summary.meanNetKobo,
    shareAtZero: summary.shareAtZero,
    shareReachingFee: summary.shareReachingFee,
    awardsDelivered: awards.map((a) => ({
      kind: a.kind,
      label: a.label.replace(/, year \d+ of \d+$/, ''),
      count: Number(a.n),
      valueKobo: Number(a.total),
    })),
  };
}

/**
 * The fee income lines of the year's fee entries, each tied to its member by the key of its entry, and those of
 * lost disputes (chargebacks, decision 0057), which take a fee back: a member whose fee was taken back paid nothing.
 */
const feeLines = (programme: Programme, from: Date, to: Date) =>
  entryLinesOf({ entryKinds: ['fee', 'chargeback'], accountKind: 'fee_income', programme, from, to });

/** A chargeback's key (`chargeback:<reference>:<dispute>`) as the key of the fee it took back (`fee:<reference>`). */
const feeKeyOf = (key: SQL) =>
  sql`case when ${key} like 'chargeback:%' then 'fee:' || split_part(${key}, ':', 2) else ${key} end`;

/** Each member's cash bonuses credited to the wallet in the year (the health fee already deducted). */
const receivedInYear = (programme: Programme, from: Date, to: Date) =>
  sql`select w.account_id, sum(w.amount_kobo) as received
      from ${entryLinesOf({ entryKinds: ['referral_bonus', 'promotion'], accountKind: 'wallet', programme, from, to })} w
      group by w.account_id`;
