import { type CreateUploadItem, libraryApi, uploadsApi } from '@hookline/contract';
import { call } from '@/lib/call';
import { putWithProgress } from '@/lib/upload-bytes';
import { type BrandScope, brandParams } from '../api/keys';
import type { UploadTransport } from './upload-manager';

/** The upload calls of 000 §7 for one brand. Errors stay silent: the uploader summarises them. */
export function uploadTransport(scope: BrandScope): UploadTransport {
  const params = brandParams(scope);
  const silent = { silent: true };
  return {
    createFolders: async (parentId, folders) =>
      (await call(libraryApi.createFolders, { params, body: { parentId, folders } })).folders,
    createUploads: (items: CreateUploadItem[], customFields, boardId) =>
      call(
        uploadsApi.createBatch,
        {
          params,
          body: { assets: items, ...(customFields ? { customFields } : {}), ...(boardId ? { boardId } : {}) },
        },
        silent,
      ),
    put: putWithProgress,
    complete: (id, parts) =>
      call(uploadsApi.complete, { params: { ...params, id }, body: parts ? { parts } : {} }, silent),
    reportFailure: async (id, reason) => {
      await call(
        uploadsApi.setState,
        {
          params: { ...params, id },
          body: { uploadingState: 'FAILED_TO_UPLOAD', reason: reason.slice(0, 500) },
        },
        silent,
      );
    },
    retry: (id) =>
      call(uploadsApi.setState, { params: { ...params, id }, body: { uploadingState: 'UPLOADING' } }, silent),
    remove: async (ids) => {
      await call(libraryApi.deleteAssetsBulk, { params, body: { ids } }, silent);
    },
  };
}
