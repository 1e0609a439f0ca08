import { LOCAL_STORAGE_KEYS, SIDEBAR_WIDTH } from '@hookline/contract';
import { useCallback, useRef, useState } from 'react';

/** The sidebar is 335–565 px wide (000 §2); the user's width is kept in local storage. */
export function clampSidebarWidth(value: number): number {
  if (!Number.isFinite(value)) return SIDEBAR_WIDTH.default;
  return Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, Math.round(value)));
}

export function readStoredSidebarWidth(): number {
  try {
    const raw = window.localStorage.getItem(LOCAL_STORAGE_KEYS.navbarSize);
    if (raw === null || raw.trim() === '') return SIDEBAR_WIDTH.default;
    return clampSidebarWidth(Number(raw));
  } catch {
    return SIDEBAR_WIDTH.default;
  }
}

function storeSidebarWidth(width: number) {
  try {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.navbarSize, String(width));
  } catch {
    // Private mode or full storage: the width simply is not remembered.
  }
}

export interface SidebarWidth {
  width: number;
  /** Sets the width (clamped); `persist: false` while a drag is still going on. */
  setWidth: (width: number, options?: { persist?: boolean }) => void;
  /** Stores the current width (end of a drag). */
  commit: () => void;
}

export function useSidebarWidth(): SidebarWidth {
  const [width, setWidthState] = useState(readStoredSidebarWidth);
  const latest = useRef(width);

  const setWidth = useCallback((next: number, options?: { persist?: boolean }) => {
    const clamped = clampSidebarWidth(next);
    latest.current = clamped;
    setWidthState(clamped);
    if (options?.persist !== false) storeSidebarWidth(clamped);
  }, []);

  const commit = useCallback(() => storeSidebarWidth(latest.current), []);

  return { width, setWidth, commit };
}
