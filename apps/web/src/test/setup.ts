import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadNotifications } from '@/app/providers';
import { closeUpgradePrompt } from '@/lib/upgrade-prompt-store';
import { stubFetch } from './fetch-stub';
import { runTestCleanups } from './render';

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// happy-dom lays nothing out: every element measures 0 × 0, so a virtualised grid or list
// would show no rows. Tests get a 1000 × 1000 viewport to virtualise within.
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 1000 });

// Pages and dialogs load their code on demand; on a busy CI machine the first import of a
// chunk (transformed on the fly) can take more than testing-library's default 1 s.
configure({ asyncUtilTimeout: 5000 });

// The toasts' container loads on demand in the app; tests have it from their first render.
beforeAll(async () => {
  await loadNotifications();
});

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
