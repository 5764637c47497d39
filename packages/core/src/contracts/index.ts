export * from './fields';
export * from './auth';
export * from './member';
export * from './site';
export * from './page-data';
