import { notifications } from '@mantine/notifications';
import { reportError } from '@/lib/error-reporting';

/**
 * The Meta authorization round trip (001 §4 Integration): the whole window goes to Meta and
 * comes back to /settings/integrations/facebook with `code` and `state`. What the user chose
 * before leaving (the brand, removing the demo ad account) waits in sessionStorage.
 */

/** The README's section on creating a Meta app (shown where Meta is not configured). */
export const README_META_APP_URL = 'https://github.com/hookline/hookline#meta-app';

/** Meta Business help (the issues' help links). */
export const META_BUSINESS_HELP_URL = 'https://www.facebook.com/business/help';

const PENDING_KEY = 'hookline.meta-connect';

export interface PendingMetaConnect {
  accountId: string;
  brandId: string;
  removeDemo: boolean;
}

export function rememberMetaConnect(pending: PendingMetaConnect): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Without storage the return connects the active brand and keeps the demo.
  }
}

/** What the user chose before leaving; read once. */
export function takeMetaConnect(): PendingMetaConnect | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingMetaConnect>;
    if (typeof value.accountId !== 'string' || typeof value.brandId !== 'string') return null;
    return { accountId: value.accountId, brandId: value.brandId, removeDemo: value.removeDemo === true };
  } catch {
    return null;
  }
}

/** The window leaves for the vendor's authorization page. */
export function goToAuthorization(url: string): void {
  window.location.assign(url);
}

/**
 * An OAuth round trip that cannot work (an unknown vendor came back, the app id is missing):
 * logged as a warning, sent to error reporting, and shown as a warning notice (001 §8).
 */
export function warnIntegration(message: string, context: Record<string, unknown> = {}): void {
  console.warn(`[integrations] ${message}`, context);
  reportError(new Error(message), { level: 'warning', ...context });
  notifications.show({ color: 'yellow', message });
}
