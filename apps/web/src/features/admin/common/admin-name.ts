import type { AdminName } from '@coop/core/contracts';

/**
 * An administrator as every admin screen names them where maker and checker (or whoever did a thing) appear:
 * "Ada Obi (ada@example.com)", so two administrators with one name still read apart (issue 35). `nobody` is what
 * the screen says when no administrator did it (the platform, the payout schedule).
 */
export const adminName = (person: AdminName | null | undefined, nobody = 'an administrator') =>
  person ? `${person.fullName} (${person.email})` : nobody;
