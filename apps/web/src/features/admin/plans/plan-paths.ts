import type { Programme } from '@coop/core';

/** The Plan screens: the versions of a programme, a new draft, and one version (a draft edited, a published one read). */
export { adminPaths as planPaths } from '../common/admin-paths';
export const planNewDraftPath = (programme: Programme) => `/adminplans/${programme}/new`;
export const planDraftPath = (programme: Programme, id: number) => `/adminplans/${programme}/${id}`;
