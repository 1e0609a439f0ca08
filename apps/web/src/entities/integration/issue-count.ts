import { INTEGRATION_ISSUE_COUNT_KEY } from '@hookline/contract';
import { useSyncExternalStore } from 'react';
import { findMetaIntegration, type IntegrationItem, type IntegrationScope, useIntegrations } from './api';

/**
 * The Meta issues a user has seen (001 §2 Creative Analytics: the banner shows while the open
 * issue count differs from the saved one). Viewing the issues tab saves the count; the
 * banner's dismiss does too.
 */

const listeners = new Set<() => void>();

function read(): number {
  try {
    const value = Number(window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY) ?? 0);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function readSavedIssueCount(): number {
  return read();
}

export function saveIssueCount(count: number): void {
  try {
    if (window.localStorage.getItem(INTEGRATION_ISSUE_COUNT_KEY) === String(count)) return;
    window.localStorage.setItem(INTEGRATION_ISSUE_COUNT_KEY, String(count));
  } catch {
    // Private mode or a full storage: the banner may show again, nothing breaks.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === INTEGRATION_ISSUE_COUNT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The saved count, updated when any tab or component saves it. */
export function useSavedIssueCount(): number {
  return useSyncExternalStore(subscribe, read, () => 0);
}

/** The Meta integration's open issues. */
export function openIssueCount(integration: IntegrationItem | null | undefined): number {
  return integration?.integrationIssues.length ?? 0;
}

export interface IntegrationIssueCount {
  /** Open issues of the brand's Meta integration (undefined while loading or on error). */
  count: number | undefined;
  saved: number;
  /** The count differs from the one the user last saw. */
  changed: boolean;
}

export function useIntegrationIssueCount(scope: IntegrationScope): IntegrationIssueCount {
  const list = useIntegrations(scope);
  const saved = useSavedIssueCount();
  const count = list.data ? openIssueCount(findMetaIntegration(list.data)) : undefined;
  return { count, saved, changed: count !== undefined && count !== saved };
}
