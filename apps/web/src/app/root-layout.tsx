import { Outlet } from 'react-router';
import { useAccessTokenSync } from '@/hooks/use-access-token-sync';
import { useDocumentTitle } from './use-page-title';

/** The root route: app-wide listeners, then the matched page. */
export function RootLayout() {
  useAccessTokenSync();
  useDocumentTitle();
  return <Outlet />;
}
