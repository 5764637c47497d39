import { formatNaira, parseNairaString } from '@coop/core';
import type { MoneyFigures } from '../common/types';

/**
 * What a 'fees today' ring shows: today's fees as a share of the whole previous day's (a full ring means today
 * has matched yesterday). With nothing yesterday there is no share to draw: the ring stays empty and the
 * change is said in words.
 */
export function salesGauge(figures: MoneyFigures) {
  const todayKobo = parseNairaString(figures.today);
  const previousKobo = parseNairaString(figures.previousDay);
  if (previousKobo === 0) {
    return {
      fraction: 0,
      detail:
        todayKobo > 0
          ? 'Up from nothing yesterday: no share of yesterday to show'
          : 'Nothing today or yesterday',
    };
  }
  const fraction = todayKobo / previousKobo;
  return { fraction, detail: `${Math.round(fraction * 100)}% of yesterday's ${formatNaira(previousKobo)}` };
}
