import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { modalsHostMounted } from '@/lib/app-modals';

/**
 * Mantine's modals provider, a chunk of its own (app/providers.tsx mounts it when idle or at
 * the first request). Its listeners are in place before this effect runs (a child's effects
 * run first), so what waited opens here.
 */
export function ModalsHost() {
  useEffect(() => modalsHostMounted(), []);
  return <ModalsProvider />;
}
