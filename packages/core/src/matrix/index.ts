export * from './placement';
export * from './stages';
export * from './benefits';
export * from './stage-window';
export * from './short-name';
export * from './progress-words';
