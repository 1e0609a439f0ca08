export * from './feature-flags.js';
export * from './jobs.js';
