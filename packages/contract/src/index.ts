export * from './brand-variant.js';
export * from './errors.js';
export * from './feature-flags.js';
export * from './format.js';
export * from './health.js';
export * from './jobs.js';
export * from './limits.js';
export * from './messages.js';
