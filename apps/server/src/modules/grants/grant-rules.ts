import { formatNaira, type Plan } from '@coop/core';

/** A refusal in the rules' shape; plugins/error-answers.ts gives each code its status. */
export interface GrantRefusal {
  code: 'grant_not_offered' | 'grant_stage' | 'grant_approved' | 'grant_ceiling' | 'grant_pending';
  message: string;
}

/**
 * Whether an account may apply for the plan's grant now: Main only, at the grant stage (Executive) or above,
 * at most the plan's ceiling, one application waiting for a decision at a time, and one approved grant ever
 * (a Main account holds one position, so one per position).
 */
export function grantRefusal(input: {
  /** The version the member's position joined under (before paying: the current one): its ceiling applies. */
  plan: Plan;
  paid: boolean;
  stage: number;
  amountKobo: number;
  hasPending: boolean;
  /** The amount of a grant already approved for this member's position, if any. */
  approvedKobo: number | null;
}): GrantRefusal | null {
  const grant = input.plan.grant;
  if (!grant)
    return {
      code: 'grant_not_offered',
      message: 'The grant is offered on the Main platform only.',
    };
  const stageName = input.plan.stages[grant.stage]!.name;
  if (!input.paid || input.stage < grant.stage) {
    return {
      code: 'grant_stage',
      message: `The grant opens to members at stage ${grant.stage} (${stageName}) and above.`,
    };
  }
  if (input.approvedKobo !== null) {
    return {
      code: 'grant_approved',
      message: `Your grant of ${formatNaira(input.approvedKobo)} has been approved already: a member holds one grant.`,
    };
  }
  if (input.amountKobo > grant.ceilingKobo) {
    return {
      code: 'grant_ceiling',
      message: `The grant is at most ${formatNaira(grant.ceilingKobo)}.`,
    };
  }
  if (input.hasPending) {
    return {
      code: 'grant_pending',
      message: 'You already have a grant application waiting for a decision.',
    };
  }
  return null;
}
