/**
 * Sending file bytes to signed upload URLs (the library's uploader, logos and avatars).
 */

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
