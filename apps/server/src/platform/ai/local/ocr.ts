import { spawn } from 'node:child_process';
import sharp from 'sharp';

/**
 * Text in pictures with Debian's tesseract (packages tesseract-ocr and tesseract-ocr-eng),
 * run as a child process without a shell. Only confident words are kept: on busy
 * backgrounds tesseract also "reads" texture, and that junk is what the confidence filter
 * removes.
 */

export type OcrErrorCode = 'UNAVAILABLE' | 'FAILED' | 'TIMEOUT' | 'ABORTED';

export class OcrError extends Error {
  override name = 'OcrError';
  constructor(
    readonly code: OcrErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** UNAVAILABLE means "mark OCR off on this server", not "this file failed". */
export const isOcrUnavailable = (error: unknown): boolean =>
  error instanceof OcrError && error.code === 'UNAVAILABLE';

export interface OcrResult {
  /** Lines in tesseract's reading order, words joined by single spaces. */
  lines: string[];
  /** The lines joined by newlines ('' when nothing confident was read). */
  text: string;
}

export interface OcrOptions {
  /** The binary; default TESSERACT_PATH, else `tesseract` on PATH. */
  tesseractPath?: string | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  /** Words under this confidence (0–100) are dropped. */
  minConfidence?: number | undefined;
}

export const OCR_MIN_CONFIDENCE = 80;
const OCR_TIMEOUT_MS = 60_000;
/**
 * Pictures are scaled so their longer side is in this range: small ones are enlarged
 * (a 240 px wide ad's offer line went from 64–74 to 96 confidence when enlarged to
 * 1280 px), huge ones reduced, which keeps the run near half a second.
 */
const MIN_LONG_SIDE = 1600;
const MAX_LONG_SIDE = 3200;
const MAX_UPSCALE = 4;

/**
 * Page segmentation mode 11, "sparse text": find as much text as possible in no particular
 * order. Ads place a headline, an offer and a call to action apart from each other over a
 * picture; modes 3 (automatic page layout) and 6 (one uniform block) assume a document.
 * On our generated ads all three read the same words, but 11 is the one made for scattered
 * text and it still numbers block, paragraph and line, which is how words become lines.
 */
const PAGE_SEGMENTATION_MODE = '11';

/** How the AI provider card names the engine (the capabilities' model). */
export const TESSERACT_ENGINE = 'Tesseract (English), on this server';

export function configuredTesseractPath(): string {
  return process.env.TESSERACT_PATH || 'tesseract';
}

/** Reads the text of an image file (or a video frame saved as one). */
export async function ocrImage(input: string | Buffer, options: OcrOptions = {}): Promise<OcrResult> {
  if (options.signal?.aborted) throw cancelled();
  const png = await prepareForOcr(input);
  const tsv = await runTesseract(
    options.tesseractPath ?? configuredTesseractPath(),
    // `stdin`: the prepared PNG is piped in, no temp file. --dpi stops the resolution guess
    // (and its warning); `tsv` is the output config with word boxes and confidences.
    ['stdin', 'stdout', '-l', 'eng', '--psm', PAGE_SEGMENTATION_MODE, '--dpi', '300', 'tsv'],
    { stdin: png, signal: options.signal, timeoutMs: options.timeoutMs ?? OCR_TIMEOUT_MS },
  );
  const lines = linesFromTsv(tsv, options.minConfidence ?? OCR_MIN_CONFIDENCE);
  return { lines, text: lines.join('\n') };
}

/** Upright, flattened on white, greyscale, long side scaled into 1600–3200 px, PNG. */
export async function prepareForOcr(input: string | Buffer): Promise<Buffer> {
  const image = sharp(input, { failOn: 'error', animated: false }).rotate();
  const meta = await image.metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const width = (swap ? meta.height : meta.width) ?? 0;
  const height = (swap ? meta.width : meta.height) ?? 0;
  const longSide = Math.max(width, height);
  let scale = 1;
  if (longSide > 0 && longSide < MIN_LONG_SIDE) scale = Math.min(MIN_LONG_SIDE / longSide, MAX_UPSCALE);
  if (longSide > MAX_LONG_SIDE) scale = MAX_LONG_SIDE / longSide;
  if (scale !== 1) {
    image.resize(Math.round(width * scale), Math.round(height * scale), { kernel: 'lanczos3' });
  }
  return image.flatten({ background: '#ffffff' }).greyscale().png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Words of tesseract's TSV (level 5 rows) at or above minConfidence, grouped into lines by
 * page, block, paragraph and line number, in the order tesseract wrote them.
 */
export function linesFromTsv(tsv: string, minConfidence = OCR_MIN_CONFIDENCE): string[] {
  const lines = new Map<string, string[]>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const confidence = Number(cells[10]);
    const word = cells.slice(11).join('\t').trim();
    if (!word || !Number.isFinite(confidence) || confidence < minConfidence) continue;
    const key = cells.slice(1, 5).join('.');
    const words = lines.get(key);
    if (words) words.push(word);
    else lines.set(key, [word]);
  }
  return [...lines.values()].map((words) => words.join(' '));
}

const cancelled = () => new OcrError('ABORTED', 'OCR was cancelled');

const availability = new Map<string, Promise<boolean>>();

/**
 * Whether tesseract runs here with its English data, checked once per binary path
 * (`--list-langs` must name eng). Never throws.
 */
export function ocrAvailable(tesseractPath = configuredTesseractPath()): Promise<boolean> {
  let check = availability.get(tesseractPath);
  if (!check) {
    check = runTesseract(tesseractPath, ['--list-langs'], { timeoutMs: 10_000 }).then(
      (out) => out.split('\n').some((line) => line.trim() === 'eng'),
      () => false,
    );
    availability.set(tesseractPath, check);
  }
  return check;
}

function runTesseract(
  command: string,
  args: string[],
  options: { stdin?: Buffer; signal?: AbortSignal | undefined; timeoutMs: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(cancelled());
      return;
    }
    const child = spawn(command, args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      // One thread: tesseract's OpenMP threads gain nothing on pictures this size (measured
      // 0.43 s with one, 0.53 s with two) and would crowd out parallel jobs.
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    let stopped: OcrError | undefined;
    const stop = (error: OcrError) => {
      stopped ??= error;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(new OcrError('TIMEOUT', `tesseract took longer than ${options.timeoutMs / 1000} s`)),
      options.timeoutMs,
    );
    const onAbort = () => stop(cancelled());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    // tesseract may exit before reading everything (a bad binary, a kill): ignore EPIPE, the
    // exit code tells what happened.
    child.stdin.on('error', () => {});
    child.stdin.end(options.stdin);
    child.on('error', (error: NodeJS.ErrnoException) => {
      cleanUp();
      reject(
        error.code === 'ENOENT' || error.code === 'EACCES'
          ? new OcrError('UNAVAILABLE', 'tesseract is not installed', { cause: error })
          : new OcrError('FAILED', `tesseract could not start: ${error.message}`, { cause: error }),
      );
    });
    child.on('close', (code, signal) => {
      cleanUp();
      if (stopped) reject(stopped);
      else if (code === 0) resolve(Buffer.concat(stdout).toString('utf8'));
      else if (/Failed loading language|Error opening data file/.test(stderr))
        reject(new OcrError('UNAVAILABLE', "tesseract's English data is not installed (tesseract-ocr-eng)"));
      else
        reject(
          new OcrError(
            'FAILED',
            `tesseract failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' ')}`,
          ),
        );
    });
  });
}
