import type { Asset } from '@hookline/contract';
import { LazyLoadFailure } from '@/components/lazy-load-failure';
import { appModals } from '@/lib/app-modals';
import { reportError } from '@/lib/error-reporting';
import type { IntegrationScope } from './api';

/**
 * The library's 'Upload to Meta' (001 §4 "Upload to Meta flow"). This part rides in the
 * library's first load, so it is only the entry: the flow (the decision, its dialogs, the
 * publish job's notice) loads the first time the action is used.
 */

/** Offered for videos only (001 §4); the caller checks write access. */
export function canUploadToMeta(items: readonly Pick<Asset, 'type'>[]): boolean {
  return items.length > 0 && items.every((item) => item.type === 'VIDEO');
}

export function uploadToMeta(scope: IntegrationScope, items: readonly Pick<Asset, 'id' | 'library'>[]): void {
  import('./components/upload-to-meta-flow').then(
    (flow) => flow.startUploadToMeta(scope, items),
    (error: unknown) => {
      // The code could not be fetched (a new deployment, the network): the reload countdown.
      reportError(error, { lazy: 'upload-to-meta' });
      appModals.open({
        children: <LazyLoadFailure fullScreen={false} />,
        withCloseButton: false,
        centered: true,
      });
    },
  );
}
