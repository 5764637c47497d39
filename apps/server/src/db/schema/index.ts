export * from './accounts';
export * from './matrix';
export * from './mail';
