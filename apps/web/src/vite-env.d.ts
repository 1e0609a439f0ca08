/// <reference types="vite/client" />

/** Baked at build time by vite.config.ts `define` (BRAND_VARIANT, SENTRY_DSN, package version). */
declare const __BRAND_VARIANT__: string;
declare const __SENTRY_DSN__: string;
declare const __APP_VERSION__: string;
