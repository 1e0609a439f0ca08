import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

/**
 * Renders the first page of a PDF with pdfjs-dist (legacy build, the one for Node) on
 * @napi-rs/canvas, in a worker thread: parsing and drawing are synchronous and would block
 * the API for hundreds of milliseconds. The worker's code is plain JavaScript so the same
 * text runs from the built server and under the test runner. pdfjs makes no network calls;
 * fonts and decoders come from its own package folder (paths must end with a slash).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs/promises');
(async () => {
  const { getDocument, VerbosityLevel } = await import(workerData.pdfjs);
  const { createCanvas } = await import(workerData.canvas);
  const bytes = new Uint8Array(await fs.readFile(workerData.input));
  const task = getDocument({
    data: bytes,
    standardFontDataUrl: workerData.assets + 'standard_fonts/',
    cMapUrl: workerData.assets + 'cmaps/',
    cMapPacked: true,
    wasmUrl: workerData.assets + 'wasm/',
    iccUrl: workerData.assets + 'iccs/',
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    enableXfa: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    let scale = workerData.width / base.width;
    if (base.height * scale > workerData.maxHeight) scale = workerData.maxHeight / base.height;
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
    await page.render({ canvas, viewport }).promise;
    await fs.writeFile(workerData.output, await canvas.encode('png'));
    parentPort.postMessage({ pages: doc.numPages });
  } finally {
    await task.destroy();
  }
})().catch((error) => parentPort.postMessage({ error: String(error && error.message || error) }));
`;

export async function renderPdfFirstPage(
  input: string,
  output: string,
  options: { width: number; timeoutMs?: number },
): Promise<{ pages: number }> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      input,
      output,
      width: options.width,
      maxHeight: options.width * 4,
      pdfjs: pathToFileURL(path.join(PDFJS_DIR, 'legacy/build/pdf.mjs')).href,
      canvas: pathToFileURL(require.resolve('@napi-rs/canvas')).href,
      assets: PDFJS_DIR + path.sep,
    },
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  try {
    return await new Promise<{ pages: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('PDF rendering timed out')),
        options.timeoutMs ?? 60_000,
      );
      worker.once('message', (message: { pages?: number; error?: string }) => {
        clearTimeout(timer);
        if (message.error !== undefined) reject(new Error(`PDF could not be rendered: ${message.error}`));
        else resolve({ pages: message.pages ?? 1 });
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    await worker.terminate();
  }
}
