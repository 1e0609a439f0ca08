import { useSyncExternalStore } from 'react';

/**
 * A tiny store that lets the API client open the 402 upgrade prompt (000 §6, §8), which the
 * providers render once.
 */
export interface UpgradePromptDetails {
  allocation?: number | null;
  resourceName?: string;
}

export interface UpgradePromptState extends UpgradePromptDetails {
  opened: boolean;
}

const closedState: UpgradePromptState = { opened: false };
let state: UpgradePromptState = closedState;
const listeners = new Set<() => void>();

function setState(next: UpgradePromptState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openUpgradePrompt(details: UpgradePromptDetails = {}): void {
  setState({ opened: true, allocation: details.allocation, resourceName: details.resourceName });
}

export function closeUpgradePrompt(): void {
  if (state.opened) setState({ ...state, opened: false });
}

export function getUpgradePromptState(): UpgradePromptState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useUpgradePrompt(): UpgradePromptState {
  return useSyncExternalStore(subscribe, getUpgradePromptState, getUpgradePromptState);
}
