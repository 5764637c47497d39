export * from './accounts';
export * from './matrix';
export * from './mail';
export * from './ledger';
export * from './benefits';
