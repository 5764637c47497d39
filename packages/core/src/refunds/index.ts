export * from './refund-rules';
