/**
 * List operations (§4.1-§4.5), one module per question: which operations are lists
 * (list-detection.ts) and which array holds their items (list-envelope.ts), their parameters
 * (list-parameters.ts), the listed item's fields and filters (list-item.ts), and the values of
 * filter, sort and fields parameters (list-values.ts).
 */
export * from './list-detection';
export * from './list-envelope';
export * from './list-parameters';
export * from './list-item';
export * from './list-values';
