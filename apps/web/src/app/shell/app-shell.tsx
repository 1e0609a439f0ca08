import { Progress, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { PoweredBy } from '@/components/powered-by';
import { UploadsProvider } from '@/entities/asset/uploads/uploads-context';
import type { RouteHandle } from '@/lib/navigation';
import { useAccessToken } from '@/lib/session';
import { usePageTitle } from '../use-page-title';
import classes from './shell.module.css';
import { Sidebar } from './sidebar';

/**
 * The signed-in frame (ui.md "Shell"): the resizable sidebar on the left; on the right a
 * header row with the page title and the page content, which scrolls on its own.
 */
export function AppShell() {
  const title = usePageTitle();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const contentRef = useRef<HTMLElement>(null);
  const matches = useMatches();
  const signedIn = Boolean(useAccessToken());
  const ownHeader = matches.some((match) => (match.handle as RouteHandle | undefined)?.ownHeader);

  // The content area scrolls on its own, so a new page starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the path changes.
  useEffect(() => {
    contentRef.current?.scrollTo?.({ top: 0 });
  }, [pathname]);

  // A shared-link visitor: the page alone, read-only, with the 'powered by' footer.
  if (!signedIn) {
    return (
      <div className={classes.visitor} data-testid="visitor-shell">
        <main className={classes.content} ref={contentRef}>
          <Outlet />
        </main>
        <PoweredBy />
      </div>
    );
  }

  return (
    <UploadsProvider>
      <div className={classes.root}>
        <Sidebar />
        <div className={classes.main}>
          {navigation.state === 'loading' && (
            <Progress value={100} animated size={2} radius={0} className={classes.progress} aria-hidden />
          )}
          {!ownHeader && (
            <header className={classes.header}>
              <Title order={1} size="h3" fw={600} data-testid="page-title">
                {title}
              </Title>
            </header>
          )}
          <main className={classes.content} ref={contentRef}>
            <Outlet />
          </main>
        </div>
      </div>
    </UploadsProvider>
  );
}
