export * from './assets.js';
export * from './comments.js';
export * from './custom-fields.js';
export * from './feature-flags.js';
export * from './identity.js';
export * from './jobs.js';
export * from './tags.js';
export * from './uploads.js';
