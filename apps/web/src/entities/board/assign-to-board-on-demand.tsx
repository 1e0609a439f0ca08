import { lazy } from 'react';
import { OnDemand } from '@/components/on-demand';
import type { AssignToBoardDialogProps } from './components/assign-to-board-dialog';

const LazyAssignToBoardDialog = lazy(async () => ({
  default: (await import('./components/assign-to-board-dialog')).AssignToBoardDialog,
}));

/** The assign-to-board modal, loaded the first time it opens (no page's first load carries it). */
export function AssignToBoardDialog(props: AssignToBoardDialogProps) {
  return (
    <OnDemand when={props.request !== null}>
      <LazyAssignToBoardDialog {...props} />
    </OnDemand>
  );
}
