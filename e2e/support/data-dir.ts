import { inject } from 'vitest';
import { copyDataDir } from './server';

/** A data folder for a platform of the test's own, on the run's migrated empty database (see copyDataDir). */
export const migratedDataDir = (prefix: string) => copyDataDir(inject('migratedDataDir'), prefix);
