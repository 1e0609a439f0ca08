import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { closeUpgradePrompt } from '@/lib/upgrade-prompt-store';
import { stubFetch } from './fetch-stub';
import { runTestCleanups } from './render';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// Never the real network: until a test stubs its routes, the API answers like an empty server (JSON 404).
beforeEach(() => {
  stubFetch({});
});

afterEach(() => {
  cleanup();
  runTestCleanups();
  notifications.clean();
  closeUpgradePrompt();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: test isolation clears every cookie.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
