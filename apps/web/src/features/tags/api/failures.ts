import { isApiError } from '@/lib/api-client';
import { showErrorToast, showForbiddenToast } from '@/lib/notify';

/**
 * The toast for a failed tag call the caller did not show inline (000 §8). Calls made with
 * `silent` still had their 401 (sign-in) and 402 (upgrade prompt) handled by the client; a
 * 403 reads 'Forbidden'; anything else the generic 'error.title' / 'error.content', or, unless
 * `generic`, the server's title and message when it sent them.
 */
export function toastFailure(error: unknown, { generic = false }: { generic?: boolean } = {}): void {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 402) return;
    if (error.status === 403) {
      showForbiddenToast();
      return;
    }
    if (!generic) {
      showErrorToast({ title: error.body?.title, message: error.body?.message });
      return;
    }
  }
  if (error instanceof Error && error.name === 'AbortError') return;
  showErrorToast();
}

/** The server's message for one field of a 400 or 409 ('body.name'), if it named that field. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!isApiError(error)) return undefined;
  return error.body?.fields?.find((entry) => entry.path === `body.${field}`)?.message;
}

export function hasStatus(error: unknown, status: number): boolean {
  return isApiError(error) && error.status === status;
}

/** The message the server sent with a failure, if any. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) ? error.body?.message || undefined : undefined;
}
