export * from './support-deadline';
export * from './months';
