export * from './fields';
export * from './auth';
export * from './member';
export * from './site';
export * from './page-data';
export * from './responses';
export * from './member-responses';
export * from './admin-responses';
