// Modules a browser's first load reads are free of zod (values, checks, URLs, the route
// table); the schemas sit in their own modules, which the web client imports only where it
// validates a form. package.json declares the package free of side effects, so a bundle
// keeps just the modules it uses.
export * from './ad-constants.js';
export * from './ai.js';
export * from './analysis.js';
export * from './analysis-constants.js';
export * from './board-constants.js';
export * from './boards.js';
export * from './brand-variant.js';
export * from './comment-constants.js';
export * from './comments.js';
export * from './custom-field-constants.js';
export * from './custom-fields.js';
export * from './dates.js';
export * from './duplicate-constants.js';
export * from './duplicates.js';
export * from './endpoint.js';
export * from './endpoints/index.js';
export * from './error-codes.js';
export * from './errors.js';
export * from './feature-flags.js';
export * from './format.js';
export * from './health.js';
export * from './identity.js';
export * from './integration-constants.js';
export * from './integrations.js';
export * from './job-statuses.js';
export * from './jobs.js';
export * from './library.js';
export * from './library-constants.js';
export * from './limits.js';
export * from './messages.js';
export * from './permissions.js';
export * from './rich-text.js';
export * from './route.js';
export * from './routes.generated.js';
export * from './share-constants.js';
export * from './shares.js';
export * from './tag-constants.js';
export * from './tags.js';
export * from './text.js';
export * from './upload-rules.js';
export * from './uploads.js';
export * from './url.js';
