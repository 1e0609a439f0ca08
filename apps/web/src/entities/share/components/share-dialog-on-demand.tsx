import { lazy } from 'react';
import { OnDemand } from '@/components/on-demand';
import type { ShareDialogProps } from './share-dialog';

const LazyShareDialog = lazy(async () => ({ default: (await import('./share-dialog')).ShareDialog }));

/** The share modal, loaded the first time it opens (it is not part of any page's first load). */
export function ShareDialog(props: ShareDialogProps) {
  return (
    <OnDemand when={props.opened}>
      <LazyShareDialog {...props} />
    </OnDemand>
  );
}
