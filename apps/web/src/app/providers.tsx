import { NOTIFICATION_FADE_OUT_MS, NOTIFICATION_TIMEOUT_MS } from '@hookline/contract';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { HintLayer } from '@/components/hint';
import { OnDemand } from '@/components/on-demand';
import { brandVariant } from '@/config/brand-variant';
import { modalsHostWanted, subscribeModalRequests } from '@/lib/app-modals';
import { lazyPrefetched } from '@/lib/lazy-prefetched';
import { createQueryClient } from '@/lib/query-client';
import { onSessionCleared } from '@/lib/session';
import { useUpgradePrompt } from '@/lib/upgrade-prompt-store';
import { whenIdle } from '@/lib/when-idle';
import { createAppTheme, cssVariablesResolver } from './theme';

const theme = createAppTheme(brandVariant.accentColor);

// The upgrade prompt (a 402's dialog, with its request form) loads the first time it opens.
const UpgradePrompt = lazy(async () => ({
  default: (await import('@/features/billing/components/upgrade-prompt')).UpgradePrompt,
}));

function UpgradePromptOnDemand() {
  return (
    <OnDemand when={useUpgradePrompt().opened}>
      <UpgradePrompt />
    </OnDemand>
  );
}

/** The toasts' container (its list, transitions and timers); the store that shows them is small and loads at start. */
const notificationsContainer = lazyPrefetched(
  async () => (await import('./notifications-container')).Notifications,
);
const Notifications = notificationsContainer.Component;
export const loadNotifications = notificationsContainer.prefetch;

/** Mantine's modals manager (lib/app-modals.ts), mounted when idle or at the first dialog it is asked for. */
const modalsHost = lazyPrefetched(async () => (await import('./modals-host')).ModalsHost);

function ModalsOnDemand({ now }: { now: boolean }) {
  const wanted = useSyncExternalStore(subscribeModalRequests, modalsHostWanted);
  const [loaded, setLoaded] = useState(modalsHost.loaded);
  useEffect(
    () =>
      whenIdle(
        () =>
          void modalsHost.prefetch().then(
            () => setLoaded(true),
            () => undefined,
          ),
      ),
    [],
  );
  return (
    <OnDemand when={now || loaded || wanted}>
      <modalsHost.Component />
    </OnDemand>
  );
}

/**
 * The toasts' container is no part of the first paint: its code is fetched once the browser is
 * idle after start, or with the first toast if that comes sooner (tests mount it at once).
 */
function NotificationsOnDemand({ now }: { now: boolean }) {
  const { notifications, queue } = useNotifications();
  const [loaded, setLoaded] = useState(notificationsContainer.loaded);
  useEffect(
    () =>
      whenIdle(
        () =>
          void loadNotifications().then(
            () => setLoaded(true),
            () => undefined,
          ),
      ),
    [],
  );
  return (
    <OnDemand when={now || loaded || notifications.length + queue.length > 0}>
      <Notifications
        position="bottom-right"
        autoClose={NOTIFICATION_TIMEOUT_MS}
        transitionDuration={NOTIFICATION_FADE_OUT_MS}
        containerWidth={380}
      />
    </OnDemand>
  );
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
}

/** Theme, data, modals, toasts and the upgrade prompt, around the router. */
export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // Signing out forgets every cached answer of the previous user.
  useEffect(() => onSessionCleared(() => client.clear()), [client]);

  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
      env={env}
    >
      <QueryClientProvider client={client}>
        <HintLayer />
        <ModalsOnDemand now={env === 'test'} />
        <NotificationsOnDemand now={env === 'test'} />
        {children}
        <UpgradePromptOnDemand />
      </QueryClientProvider>
    </MantineProvider>
  );
}
