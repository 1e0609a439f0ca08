import helmet from 'helmet';
import type { Config } from '../../config.js';

type Directives = Record<string, string[] | null>;

/**
 * The origins the browser app talks to besides its own, from the configuration: the S3
 * bucket (presigned uploads PUT there), Sentry's ingest (when a DSN is set), Google sign-in
 * and reCAPTCHA (when configured). Nothing else may be fetched or framed (security review:
 * `connect-src https:` let a script talk to any host).
 */
export function contentSecurityPolicy(config: Config): Directives {
  const connect = ["'self'", ...storageOrigins(config)];
  const scripts = ["'self'"];
  const frames: string[] = [];
  const styles = ["'self'", "'unsafe-inline'"];
  if (config.sentryDsn) connect.push(new URL(config.sentryDsn).origin);
  if (config.google.clientId) {
    // Google Identity Services: its script, its button's iframe and stylesheet, its token calls.
    const google = 'https://accounts.google.com';
    scripts.push(`${google}/gsi/client`);
    frames.push(`${google}/gsi/`);
    styles.push(`${google}/gsi/style`);
    connect.push(`${google}/gsi/`);
  }
  if (config.recaptcha.siteKey) {
    scripts.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    frames.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: scripts,
    // Mantine and Swagger UI inject style elements at run time.
    styleSrc: styles,
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: connect,
    frameSrc: frames.length > 0 ? frames : ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** Where presigned S3 URLs point: the bucket's virtual host, or the endpoint with path style. */
function storageOrigins(config: Config): string[] {
  if (config.storage.driver !== 's3') return [];
  const { bucket, region, endpoint, forcePathStyle } = config.storage.s3;
  if (endpoint) {
    const url = new URL(endpoint);
    return forcePathStyle ? [url.origin] : [`${url.protocol}//${bucket}.${url.host}`, url.origin];
  }
  return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://${bucket}.s3.amazonaws.com`];
}

/**
 * Helmet's headers, computed once. @fastify/helmet builds helmet's middleware again on
 * every request (about 3 % of a list request's CPU in the profile); the headers never
 * change while the process runs, so they are worked out at start and copied onto replies.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    // Media and downloads may come from another origin (S3); keep cross-origin loads working.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
