import { lazy } from 'react';
import { OnDemand } from '@/components/on-demand';
import type { AddFromLibraryModalProps } from './add-from-library-modal';

const LazyAddFromLibraryModal = lazy(async () => ({
  default: (await import('./add-from-library-modal')).AddFromLibraryModal,
}));

/** The board page's 'Add from library' modal, loaded the first time it opens. */
export function AddFromLibraryModal(props: AddFromLibraryModalProps) {
  return (
    <OnDemand when={props.opened}>
      <LazyAddFromLibraryModal {...props} />
    </OnDemand>
  );
}
