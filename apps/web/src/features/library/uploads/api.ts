import type { Asset, CreateUploadItem, CreateUploadsResponse, UploadAsset } from '@hookline/contract';
import { api } from '@/lib/api-client';
import { putWithProgress } from '@/lib/upload-bytes';
import { type BrandScope, brandPath } from '../api/keys';
import type { UploadTransport } from './upload-manager';

/** The upload calls of 000 §7 for one brand. Errors stay silent: the uploader summarises them. */
export function uploadTransport(scope: BrandScope): UploadTransport {
  const base = brandPath(scope);
  return {
    createFolders: async (parentId, folders) =>
      (
        await api.post<{ folders: { key: string; id: string }[] }>(`${base}/assets/folders/batch`, {
          parentId,
          folders,
        })
      ).folders,
    createUploads: (items: CreateUploadItem[]) =>
      api.post<CreateUploadsResponse>(`${base}/assets/batch`, { assets: items }, { silent: true }),
    put: putWithProgress,
    complete: (id, parts) =>
      api.post<Asset>(`${base}/assets/${encodeURIComponent(id)}/complete-upload`, parts ? { parts } : {}, {
        silent: true,
      }),
    reportFailure: async (id, reason) => {
      await api.put(
        `${base}/assets/${encodeURIComponent(id)}/uploading-state`,
        { uploadingState: 'FAILED_TO_UPLOAD', reason: reason.slice(0, 500) },
        { silent: true },
      );
    },
    retry: (id) =>
      api.put<UploadAsset>(
        `${base}/assets/${encodeURIComponent(id)}/uploading-state`,
        { uploadingState: 'UPLOADING' },
        { silent: true },
      ),
    remove: async (ids) => {
      await api.request(`${base}/assets/bulk`, { method: 'DELETE', body: { ids }, silent: true });
    },
  };
}
