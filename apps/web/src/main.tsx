import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchFirstCalls } from './app/first-calls';
import { createAppRouter } from './app/router';
import { initErrorReporting } from './lib/error-reporting';
import { registerRouter } from './lib/navigation';
import { createQueryClient } from './lib/query-client';

void initErrorReporting();

const queryClient = createQueryClient();
prefetchFirstCalls(queryClient, window.location);
const router = createAppRouter();
// The API client navigates (401 → sign-in, upgrade → plans) through the app's router.
registerRouter(router);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
