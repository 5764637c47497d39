/**
 * The awards under the names the spec's dashboards give them (Gift, Laptop Award, Car Award, House Award, SUV Award,
 * a social club amount; Welcome Back's 'Award'), which members of the earlier product know. The plan's own label
 * is kept for a kind the spec does not name.
 */
const SPEC_AWARD_NAMES: Record<string, string> = {
  laptop: 'Laptop Award',
  gift: 'Gift',
  car: 'Car Award',
  social_club: 'Social Club',
  suv: 'SUV Award',
  housing: 'House Award',
  golden_crown_annual: 'Golden Crown Annual Award',
  domestic_appliances: 'Award (domestic appliances)',
};

export const awardName = (kind: string, planLabel: string) => SPEC_AWARD_NAMES[kind] ?? planLabel;
