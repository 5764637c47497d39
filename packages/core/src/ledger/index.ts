export * from './entry-rules';
