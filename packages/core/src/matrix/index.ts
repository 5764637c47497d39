export * from './placement';
export * from './stages';
export * from './benefits';
