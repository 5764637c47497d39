/**
 * How members' earnings are summarised, the same way for a forecast (the simulator) and for what really happened
 * (the income disclosure statement): cash received against the fees the member paid, in five bands.
 */

export const EARNINGS_BANDS = [
  'nothing',
  'below_fee',
  'one_to_two_fees',
  'two_to_five_fees',
  'over_five_fees',
] as const;
export type EarningsBand = (typeof EARNINGS_BANDS)[number];

export const earningsBandNames: Readonly<Record<EarningsBand, string>> = {
  nothing: 'Nothing',
  below_fee: 'Less than the fee',
  one_to_two_fees: 'One to two fees',
  two_to_five_fees: 'Two to five fees',
  over_five_fees: 'More than five fees',
};

/** A member's band: cash received measured in the fees they paid (₦0 is its own band). */
export function earningsBand(receivedKobo: number, feesPaidKobo: number): EarningsBand {
  if (receivedKobo <= 0) return 'nothing';
  if (receivedKobo < feesPaidKobo) return 'below_fee';
  if (receivedKobo < 2 * feesPaidKobo) return 'one_to_two_fees';
  if (receivedKobo < 5 * feesPaidKobo) return 'two_to_five_fees';
  return 'over_five_fees';
}

export interface EarningsSummary {
  readonly members: number;
  readonly bands: ReadonlyArray<{
    readonly band: EarningsBand;
    readonly members: number;
    readonly share: number;
  }>;
  /** Cash received, before the fee. */
  readonly medianReceivedKobo: number;
  readonly p90ReceivedKobo: number;
  readonly meanReceivedKobo: number;
  /** Cash received less the fees paid (negative for most members of a young plan). */
  readonly medianNetKobo: number;
  readonly meanNetKobo: number;
  readonly shareAtZero: number;
  /** Members whose cash received is at least the fees they paid. */
  readonly shareReachingFee: number;
}

/** Summarises members' cash received and fees paid (same index = same member); amounts in whole kobo. */
export function summariseEarnings(
  receivedKobo: ArrayLike<number>,
  feesPaidKobo: ArrayLike<number>,
): EarningsSummary {
  const members = receivedKobo.length;
  const counts = new Map<EarningsBand, number>(EARNINGS_BANDS.map((b) => [b, 0]));
  const received = Float64Array.from({ length: members }, (_, i) => receivedKobo[i]!);
  const net = Float64Array.from({ length: members }, (_, i) => receivedKobo[i]! - feesPaidKobo[i]!);
  let reaching = 0;
  let receivedSum = 0;
  let netSum = 0;
  for (let i = 0; i < members; i += 1) {
    const band = earningsBand(received[i]!, feesPaidKobo[i]!);
    counts.set(band, counts.get(band)! + 1);
    if (received[i]! >= feesPaidKobo[i]!) reaching += 1;
    receivedSum += received[i]!;
    netSum += net[i]!;
  }
  received.sort();
  net.sort();
  const share = (n: number) => (members === 0 ? 0 : n / members);
  return {
    members,
    bands: EARNINGS_BANDS.map((band) => ({
      band,
      members: counts.get(band)!,
      share: share(counts.get(band)!),
    })),
    medianReceivedKobo: percentile(received, 0.5),
    p90ReceivedKobo: percentile(received, 0.9),
    meanReceivedKobo: members === 0 ? 0 : Math.round(receivedSum / members),
    medianNetKobo: percentile(net, 0.5),
    meanNetKobo: members === 0 ? 0 : Math.round(netSum / members),
    shareAtZero: share(counts.get('nothing')!),
    shareReachingFee: share(reaching),
  };
}

/** The nearest-rank percentile of sorted whole amounts (an amount some member really has, never an average of two). */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}
