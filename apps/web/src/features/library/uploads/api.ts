import type { Asset, CreateUploadItem, CreateUploadsResponse, UploadAsset } from '@hookline/contract';
import { api } from '@/lib/api-client';
import { type BrandScope, brandPath } from '../api/keys';
import type { UploadTransport } from './upload-manager';

/** A failed byte transfer, with the HTTP status (0 = network) the retry rules look at. */
export class TransferError extends Error {
  override readonly name = 'TransferError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * PUTs a file or a part with XMLHttpRequest: fetch cannot report upload progress. Signed
 * URLs need no Authorization header (the local driver's and S3's alike).
 */
export function putWithProgress(
  url: string,
  body: Blob,
  headers: Record<string, string>,
  onProgress: (loaded: number) => void,
  signal: AbortSignal,
): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader('ETag') ?? undefined);
      else {
        let message = `Upload failed (${xhr.status})`;
        try {
          message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
        } catch {
          // not JSON (S3 answers XML)
        }
        reject(new TransferError(xhr.status, message));
      }
    };
    xhr.onerror = () => reject(new TransferError(0, 'The connection was lost during the upload'));
    xhr.ontimeout = () => reject(new TransferError(408, 'The upload timed out'));
    const abort = () => xhr.abort();
    signal.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => signal.removeEventListener('abort', abort);
    xhr.send(body);
  });
}

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
