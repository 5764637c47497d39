import type { Programme } from '@coop/core';
import type { WalletLineKind } from '../types';

export interface WalletFilter {
  key: string;
  label: string;
  kinds: readonly WalletLineKind[] | null;
}

/** The wallet history's filters: only the kinds of line the programme can have. */
export function walletFilters(programme: Programme): WalletFilter[] {
  const filters: (WalletFilter | false)[] = [
    { key: 'all', label: 'All', kinds: null },
    { key: 'referral', label: 'Referral bonuses', kinds: ['referral'] },
    {
      key: 'stage',
      label: 'Stage bonuses',
      kinds: programme === 'main' ? ['activities', 'graduating'] : ['activities', 'graduating', 'thank_you'],
    },
    programme === 'main' && { key: 'deductions', label: 'Health fee', kinds: ['health_fee'] },
    programme === 'main' && { key: 'grant', label: 'Grant', kinds: ['grant'] },
    { key: 'payouts', label: 'Payouts', kinds: ['payout', 'payout_returned', 'cash_out'] },
  ];
  return filters.filter((f): f is WalletFilter => f !== false);
}

export const walletLineLabels: Record<WalletLineKind, string> = {
  referral: 'Referral bonus',
  activities: 'Activities bonus',
  graduating: 'Graduating bonus',
  thank_you: 'Thank You bonus',
  health_fee: 'Deduction',
  payout: 'Payout',
  payout_returned: 'Payout returned',
  cash_out: 'Cash payout',
  grant: 'Executive grant',
  other: 'Wallet',
};
