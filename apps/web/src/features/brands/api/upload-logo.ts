import { libraryMessages, UPLOAD_LIMITS, uploadsApi } from '@hookline/contract';
import { call } from '@/lib/call';
import { putWithProgress } from '@/lib/upload-bytes';

/**
 * A logo through POST /upload/url (000 §7): a signed PUT for an image under 2 MB, then the
 * bytes; answers the URL to store as the brand's logo.
 */
export async function uploadLogo(file: File): Promise<string> {
  if (file.size >= UPLOAD_LIMITS.profileImageMaxBytes) throw new Error(libraryMessages.fileTooLarge);
  const target = await call(uploadsApi.smallUploadUrl, {
    body: {
      fileName: file.name,
      contentType: file.type || 'application/octet-stream',
      size: file.size,
      purpose: 'brandLogo',
    },
  });
  await putWithProgress(
    target.presignedURL,
    file,
    target.uploadHeaders,
    () => {},
    new AbortController().signal,
  );
  return target.url;
}
