import type { ContentPart } from './types.js';

/** `data:<mime>;base64,…`: the form every server takes for images (Ollama takes no remote URLs). */
export function imageDataUrl(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** An image part for a user message, from bytes. */
export function imagePart(bytes: Uint8Array, mime: string, detail?: 'auto' | 'low' | 'high'): ContentPart {
  return detail
    ? { type: 'image', url: imageDataUrl(bytes, mime), detail }
    : { type: 'image', url: imageDataUrl(bytes, mime) };
}
