import type { Programme } from '@coop/core';
import type { Tx } from '../../db/client';

/**
 * What plans need of the matrix, which the engine owns and which itself reads the plan book (decision 0047): the app
 * hands the engine's functions in (`app.planMatrix`), so plans never import the engine.
 */
export interface PlanMatrix {
  /** Locks the programme's matrix as a placement locks it, so a position joins wholly under one version. */
  lockProgramme(tx: Tx, programme: Programme): Promise<void>;
  /** The version the account's latest position joined under; null before it has paid. */
  joinedVersion(db: Tx, accountId: string): Promise<number | null>;
}
