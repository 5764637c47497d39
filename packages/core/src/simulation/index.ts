export * from './memory-matrix';
export * from './simulate';
export * from './earnings';
export * from './simulation-inputs';
export * from './plan-simulation';
export type {
  MonthFigures,
  VersionFigures,
  VersionLabel,
  YearFigures,
  YearMonthFigures,
} from './version-books';
export * from './example-inputs';
export * from './draft-from-form';
