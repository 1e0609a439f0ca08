import { NOTIFICATION_FADE_OUT_MS, NOTIFICATION_TIMEOUT_MS } from '@hookline/contract';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, useEffect, useState } from 'react';
import { OnDemand } from '@/components/on-demand';
import { brandVariant } from '@/config/brand-variant';
import { createQueryClient } from '@/lib/query-client';
import { onSessionCleared } from '@/lib/session';
import { useUpgradePrompt } from '@/lib/upgrade-prompt-store';
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
        <ModalsProvider>
          <Notifications
            position="bottom-right"
            autoClose={NOTIFICATION_TIMEOUT_MS}
            transitionDuration={NOTIFICATION_FADE_OUT_MS}
            containerWidth={380}
          />
          {children}
          <UpgradePromptOnDemand />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
