export * from './memory-matrix';
export * from './simulate';
