import type { RouteObject } from 'react-router';

/** The signed-in areas of both programmes: separate chunks that public pages never load. */
export const memberRoutes: RouteObject[] = [];
