import { LOCAL_STORAGE_KEYS } from '@hookline/contract';
import { useEffect } from 'react';

/**
 * A sign-in or sign-out in another tab changes the access token: reload this tab so it runs
 * as the new user (000 §2). Storage events fire only in the other tabs.
 */
const reloadPage = () => window.location.reload();

export function useAccessTokenSync(onChange: () => void = reloadPage): void {
  useEffect(() => {
    const listener = (event: StorageEvent) => {
      const tokenChanged = event.key === LOCAL_STORAGE_KEYS.accessToken && event.oldValue !== event.newValue;
      const storageCleared = event.key === null;
      if (tokenChanged || storageCleared) onChange();
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, [onChange]);
}
