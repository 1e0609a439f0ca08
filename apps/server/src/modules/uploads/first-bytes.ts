/** Reads the first bytes of a stream (sniffing). */
export async function firstBytes(stream: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(buffer);
    total += buffer.length;
    if (total >= max) break;
  }
  (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  return Buffer.concat(chunks).subarray(0, max);
}
