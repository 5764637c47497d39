export type AwardDueStatus = 'upcoming' | 'due' | 'delivered';

/**
 * Where an award installment stands for the member and the administrator: delivered once handed over;
 * otherwise due from its due date (a yearly installment's anniversary) and upcoming before it.
 */
export function awardDueStatus(
  award: { status: 'pending' | 'delivered'; dueAt: Date },
  now: Date,
): AwardDueStatus {
  if (award.status === 'delivered') return 'delivered';
  return award.dueAt.getTime() <= now.getTime() ? 'due' : 'upcoming';
}
