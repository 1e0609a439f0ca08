/** Values baked into the bundle at build time (see vite.config.ts). */
export const env = {
  brandVariant: __BRAND_VARIANT__,
  sentryDsn: __SENTRY_DSN__,
  appVersion: __APP_VERSION__,
  mode: import.meta.env.MODE,
} as const;
