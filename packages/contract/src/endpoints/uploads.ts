import { z } from 'zod';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { assetSchema } from '../library.js';
import { EDITABLE_DOCUMENT_MAX_BYTES } from '../limits.js';
import {
  completeUploadBodySchema,
  createUploadsBodySchema,
  createUploadsResponseSchema,
  downloadStreamBodySchema,
  downloadStreamResponseSchema,
  gifRequestBodySchema,
  gifResponseSchema,
  smallUploadBodySchema,
  smallUploadResponseSchema,
  uploadAssetSchema,
  uploadStateBodySchema,
  zipJobSchema,
  zipRequestBodySchema,
} from '../uploads.js';

/** Upload calls of 000 §7 (brand-scoped) and the small single uploads (logo, profile image). */

const B = '/api/accounts/:accountId/brands/:brandId' as const;
const idParams = brandScopedParams({ id: z.uuid() });

export const uploadEndpoints = {
  createBatch: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/batch`,
    summary: 'Create up to 100 uploads: records in UPLOADING with where to PUT the bytes',
    tags: ['uploads'],
    permission: 'folder.write',
    params: brandScopedParams({}),
    body: createUploadsBodySchema,
    response: createUploadsResponseSchema,
    status: 201,
  }),
  complete: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/:id/complete-upload`,
    summary: 'The bytes are in (multipart: with uploadId and the parts): check them and start processing',
    tags: ['uploads'],
    permission: 'asset.upload',
    params: idParams,
    body: completeUploadBodySchema,
    response: assetSchema,
  }),
  setState: defineEndpoint({
    method: 'PUT',
    path: `${B}/assets/:id/uploading-state`,
    summary: 'Report a failed upload, or retry it (answers new upload URLs)',
    tags: ['uploads'],
    permission: 'asset.upload',
    params: idParams,
    body: uploadStateBodySchema,
    response: uploadAssetSchema,
  }),
  updateContent: defineEndpoint({
    method: 'PUT',
    path: `${B}/assets/:id/content`,
    summary: 'Replace the text of a txt or csv document',
    tags: ['uploads'],
    permission: 'asset.update',
    params: idParams,
    body: z.object({ content: z.string() }),
    response: assetSchema,
    bodyLimit: Math.ceil(EDITABLE_DOCUMENT_MAX_BYTES * 1.5),
  }),
  smallUploadUrl: defineEndpoint({
    method: 'POST',
    path: '/api/upload/url',
    summary: 'A signed PUT URL for an image under 2 MB (brand logo, profile image)',
    tags: ['uploads'],
    permission: 'upload.small',
    body: smallUploadBodySchema,
    response: smallUploadResponseSchema,
  }),
  publicFile: defineEndpoint({
    method: 'GET',
    path: '/api/public-files/:name',
    summary: 'Redirects to a logo or profile image',
    tags: ['uploads'],
    permission: 'public',
    params: z.object({ name: z.string().max(60) }),
    status: 302,
  }),
};

export const downloadEndpoints = {
  downloadStream: defineEndpoint({
    method: 'POST',
    path: `${B}/library/download-stream`,
    summary: 'A signed link that downloads one file under its name',
    tags: ['downloads'],
    permission: 'asset.download',
    params: brandScopedParams({}),
    body: downloadStreamBodySchema,
    response: downloadStreamResponseSchema,
  }),
  download: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:id/download`,
    summary: 'Redirects to the signed download link',
    tags: ['downloads'],
    permission: 'asset.download',
    params: idParams,
    status: 302,
  }),
  requestZip: defineEndpoint({
    method: 'POST',
    path: `${B}/library/download`,
    summary: 'Zip a selection (a background job; 413 above ZIP_MAX_BYTES)',
    tags: ['downloads'],
    permission: 'asset.download',
    params: brandScopedParams({}),
    body: zipRequestBodySchema,
    response: zipJobSchema,
  }),
  zipStatus: defineEndpoint({
    method: 'GET',
    path: `${B}/library/download/:jobId`,
    summary: 'A zip job: pending, running, success (result = URL), failed, cancelled',
    tags: ['downloads'],
    permission: 'asset.download',
    params: brandScopedParams({ jobId: z.uuid() }),
    response: zipJobSchema,
  }),
  gif: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/gif`,
    summary: 'Make a GIF of part of a video',
    tags: ['downloads'],
    permission: 'asset.gif',
    params: brandScopedParams({}),
    body: gifRequestBodySchema,
    response: gifResponseSchema,
  }),
};
