import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { BrandScope } from '../api/keys';
import type { UploadGroup, UploadManager, UploadSource } from './upload-manager';
import type { UploadEngine } from './upload-session';

export interface Uploader {
  /**
   * Starts uploading into a folder. When the brand has fields required on upload, a dialog
   * asks for their values first and every file is created with them. Resolves false when
   * nothing was uploaded (the warning showed, or the dialog was cancelled). With `boardId` the
   * files land on that board (in its folder; parentId is then the board's folder). A board
   * holds files, not folders: a folder's files land on it side by side (the server ignores
   * parentId with a board, so the folders are not made).
   */
  start(
    sources: readonly UploadSource[],
    scope: BrandScope,
    parentId: string,
    options?: { boardId?: string },
  ): Promise<boolean>;
  retry(scope: BrandScope, assetId: string): Promise<void>;
  /** The brand's upload manager, once an upload has started in it. */
  managers: UploadManagers;
}

/** One upload manager per brand, made by the engine; components follow their arrival. */
export class UploadManagers {
  private readonly byBrand = new Map<string, UploadManager>();
  private readonly listeners = new Set<() => void>();
  get(brandId: string): UploadManager | undefined {
    return this.byBrand.get(brandId);
  }
  set(brandId: string, manager: UploadManager): void {
    this.byBrand.set(brandId, manager);
    for (const listener of this.listeners) listener();
  }
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const UploadsContext = createContext<Uploader | null>(null);

/** The engine's code (upload-session.tsx), fetched with the first upload or retry. */
function engineLoader(queryClient: QueryClient, managers: UploadManagers) {
  let engine: Promise<UploadEngine> | undefined;
  const load = () => {
    engine ??= import('./upload-session').then(
      (module) => module.createUploadEngine(queryClient, managers),
      (error: unknown) => {
        engine = undefined; // a later attempt may succeed (the network is back)
        throw error;
      },
    );
    return engine;
  };
  /** Ends the engine's background work (the duplicate checks after uploads), if it is loaded. */
  const stop = () => void engine?.then((loaded) => loaded.stop()).catch(() => undefined);
  return { load, stop };
}

/**
 * Keeps uploads going while the user moves around the app (one manager per brand), shows
 * their progress and summary toasts, and refreshes lists and usage as files land.
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { uploader, stop } = useMemo(() => {
    const managers = new UploadManagers();
    const engine = engineLoader(queryClient, managers);
    const uploader: Uploader = {
      managers,
      start: async (...args) => (await engine.load()).start(...args),
      retry: async (...args) => (await engine.load()).retry(...args),
    };
    return { uploader, stop: engine.stop };
  }, [queryClient]);
  // Leaving the app ends the checks still waiting for processed uploads.
  useEffect(() => stop, [stop]);

  return <UploadsContext.Provider value={uploader}>{children}</UploadsContext.Provider>;
}

export function useUploader(): Uploader {
  const uploader = useContext(UploadsContext);
  if (!uploader) throw new Error('useUploader outside UploadsProvider');
  return uploader;
}

/** Live progress (0–1) of an asset this page is uploading; undefined otherwise. */
export function useUploadProgress(scope: BrandScope, assetId: string): number | undefined {
  const managers = useContext(UploadsContext)?.managers;
  const manager = useSyncExternalStore(managers?.subscribe ?? noopSubscribe, () =>
    managers?.get(scope.brandId),
  );
  useSyncExternalStore(manager?.subscribe ?? noopSubscribe, manager?.getSnapshot ?? emptySnapshot);
  return manager?.progressOf(assetId);
}

const noopSubscribe = () => () => {};
const noGroups: readonly UploadGroup[] = [];
const emptySnapshot = () => noGroups;
