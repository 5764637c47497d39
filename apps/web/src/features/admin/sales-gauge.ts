import { formatNaira, parseNairaString } from '@coop/core';
import type { MoneyFigures } from './types';

/**
 * What a 'Total sales made today' ring shows: today's fees against the whole previous day (a full ring means
 * today has matched yesterday). The centre is today's total; the text says what the fill is measured against.
 */
export function salesGauge(figures: MoneyFigures) {
  const todayKobo = parseNairaString(figures.today);
  const previousKobo = parseNairaString(figures.previousDay);
  if (previousKobo === 0) {
    return { fraction: todayKobo > 0 ? 1 : 0, detail: todayKobo > 0 ? 'No sales yesterday to compare with' : 'No sales today or yesterday' };
  }
  const fraction = todayKobo / previousKobo;
  return { fraction, detail: `${Math.round(fraction * 100)}% of yesterday's ${formatNaira(previousKobo)}` };
}
