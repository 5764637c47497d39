export * from './money';
export * from './plan';
export * from './matrix';
export * from './simulation';
export * from './ledger';
export * from './banks';
export * from './operator';
export * from './review/member-review';
