import { ACCESS_TOKEN_COOKIE, DAY_MS, LOCAL_STORAGE_KEYS } from '@hookline/contract';
import { useSyncExternalStore } from 'react';

/**
 * The session is the access token: kept in the `access_token` cookie (365 days) and
 * mirrored in local storage (000 §9). Local storage is also how other tabs notice a change.
 */

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      const value = item.slice(prefix.length);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return (
    readCookie(ACCESS_TOKEN_COOKIE.name) || safeStorage()?.getItem(LOCAL_STORAGE_KEYS.accessToken) || null
  );
}

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

type Listener = () => void;
const changeListeners = new Set<Listener>();
const clearedListeners = new Set<Listener>();

/** Why the last session ended: the user signed out, or the token stopped working (401). */
export type SessionEndReason = 'signed-out' | 'expired';
let sessionEndReason: SessionEndReason | null = null;

function notifyChange() {
  for (const listener of changeListeners) listener();
}

/** Signs the user in locally: the token goes into the cookie (365 days) and local storage. */
export function setAccessToken(token: string): void {
  sessionEndReason = null;
  const maxAge = Math.round((ACCESS_TOKEN_COOKIE.maxAgeDays * DAY_MS) / 1000);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = `${ACCESS_TOKEN_COOKIE.name}=${encodeURIComponent(token)}${cookieAttributes(maxAge)}`;
  safeStorage()?.setItem(LOCAL_STORAGE_KEYS.accessToken, token);
  notifyChange();
}

/** Something that must forget the signed-in user (query cache, …) subscribes here. */
export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/**
 * Signs the user out locally: cookie and local storage copy removed, listeners told.
 * `signed-out` (the user asked) sends the route guard to plain sign-in; `expired` keeps the
 * page as the `next` location to come back to.
 */
export function clearSession(reason: SessionEndReason = 'expired'): void {
  sessionEndReason = reason;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = `${ACCESS_TOKEN_COOKIE.name}=${cookieAttributes(0)}`;
  safeStorage()?.removeItem(LOCAL_STORAGE_KEYS.accessToken);
  for (const listener of clearedListeners) listener();
  notifyChange();
}

export function getSessionEndReason(): SessionEndReason | null {
  return sessionEndReason;
}

function subscribe(listener: Listener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The access token, re-rendering when this tab signs in or out. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribe, getAccessToken, () => null);
}
