/** The toasts' container, a chunk of its own: app/providers.tsx loads it when idle or with the first toast. */
export { Notifications } from '@mantine/notifications';
