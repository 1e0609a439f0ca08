import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Persona } from '@hookline/contract';
import sharp from 'sharp';

/**
 * Faces (gender and age group) and COCO objects in a picture with `@vladmandic/human` 3.3.6
 * on tfjs's WASM backend (design/ai.md §3: its models ship inside the npm package, nothing is
 * downloaded). Human runs in one worker thread per process, started on the first request
 * and kept: a detection takes 0.3–0.7 s of synchronous WASM work that would block the API.
 * Requests wait in a queue and go to the worker one at a time, each with a timeout; a worker
 * that dies or hangs is dropped and the next request starts a new one. When the package
 * cannot load, detection is off for the process (UNAVAILABLE), never a crash.
 *
 * ai.md §3's loading workarounds: the package's `exports` lack `./` and its main file wants
 * tfjs-node, so `dist/human.node-wasm.js` is loaded by file path; the WASM binaries come from
 * the tfjs-backend-wasm package folder (the default is a CDN); Node's fetch refuses
 * `file://`, so the worker answers those URLs from disk.
 */

export type PeopleErrorCode = 'UNAVAILABLE' | 'FAILED' | 'TIMEOUT';

export class PeopleDetectionError extends Error {
  override name = 'PeopleDetectionError';
  constructor(
    readonly code: PeopleErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type PersonaGender = NonNullable<Persona['gender']>;
type PersonaAgeGroup = NonNullable<Persona['ageGroup']>;

/** UNAVAILABLE means "personas are off on this server", not "this file failed". */
export const isPeopleDetectionUnavailable = (error: unknown): boolean =>
  error instanceof PeopleDetectionError && error.code === 'UNAVAILABLE';

export interface DetectedFace {
  /** Null when Human cannot tell. */
  gender: PersonaGender | null;
  ageGroup: PersonaAgeGroup | null;
}

export interface PeopleResult {
  faces: DetectedFace[];
  /** COCO labels seen with a score of at least 0.5, in Human's words ('person', 'cell phone'), once each. */
  objects: string[];
}

/** Objects under this score are not reported (a plain generated picture gave 'mouse' at 0.32). */
export const OBJECT_MIN_SCORE = 0.5;
const DETECT_TIMEOUT_MS = 60_000;
/** Human scales its inputs down to a few hundred pixels; larger pictures only cost transfer time. */
const MAX_SIDE = 1280;
/** An idle worker is stopped after this long (its models hold ~200 MB). */
const IDLE_MS = 10 * 60_000;
/** Workers dead in a row, without an answer between, before detection is turned off. */
const MAX_CRASHES = 3;

export const HUMAN_ENGINE = 'Human 3.3.6, on this server';

/** The age groups of the persona schema, by the oldest age (whole years) each one holds. */
const AGE_GROUPS: [number, PersonaAgeGroup][] = [
  [12, '0-12'],
  [17, '13-17'],
  [24, '18-24'],
  [34, '25-34'],
  [44, '35-44'],
  [54, '45-54'],
  [65, '55-65'],
];

export function ageGroupOf(age: number | undefined): PersonaAgeGroup | null {
  if (age === undefined || !Number.isFinite(age) || age < 0) return null;
  const years = Math.floor(age);
  return AGE_GROUPS.find(([oldest]) => years <= oldest)?.[1] ?? '65+';
}

export function genderOf(gender: string | undefined): PersonaGender | null {
  if (gender === 'female') return 'Female';
  if (gender === 'male') return 'Male';
  return null;
}

export interface HumanPaths {
  /** `…/@vladmandic/human/dist/human.node-wasm.js` */
  human: string;
  /** `…/@vladmandic/human/models/` */
  models: string;
  /** `…/@tensorflow/tfjs-backend-wasm/dist/` */
  wasm: string;
}

function installedPaths(): HumanPaths | null {
  try {
    const require = createRequire(import.meta.url);
    // The packages' `exports` refuse their package.json and dist paths: find the folders
    // through their main files instead.
    const humanDir = packageDir(require.resolve('@vladmandic/human'), 'human');
    const wasmDir = packageDir(require.resolve('@tensorflow/tfjs-backend-wasm'), 'tfjs-backend-wasm');
    const paths = {
      human: path.join(humanDir, 'dist', 'human.node-wasm.js'),
      models: path.join(humanDir, 'models') + path.sep,
      wasm: path.join(wasmDir, 'dist') + path.sep,
    };
    const needed = [
      paths.human,
      path.join(paths.models, 'blazeface.json'),
      path.join(paths.models, 'faceres.json'),
      path.join(paths.models, 'centernet.json'),
      path.join(paths.wasm, 'tfjs-backend-wasm.wasm'),
    ];
    return needed.every((file) => fs.existsSync(file)) ? paths : null;
  } catch {
    return null;
  }
}

/** The package folder above a resolved file (the folder named `name` that holds package.json). */
function packageDir(resolved: string, name: string): string {
  let dir = path.dirname(resolved);
  while (path.basename(dir) !== name || !fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${name} not found`);
    dir = parent;
  }
  return dir;
}

/**
 * The worker: plain JavaScript, so the same text runs from the built server and under the
 * test runner. It loads Human once, then answers {id, width, height, pixels} (RGB bytes)
 * with {id, faces, objects} or {id, error}; a failed load answers every request with
 * {id, unavailable}.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs/promises');
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const href = typeof input === 'string' ? input : (input && (input.href || input.url)) || String(input);
  if (!href.startsWith('file://')) return nodeFetch(input, init);
  const bytes = await fs.readFile(new URL(href));
  return new Response(bytes, { status: 200, headers: { 'content-type': href.endsWith('.json') ? 'application/json' : 'application/octet-stream' } });
};
const loading = (async () => {
  const { Human } = require(workerData.human);
  const human = new Human({
    backend: 'wasm',
    wasmPath: workerData.wasm,
    modelBasePath: require('node:url').pathToFileURL(workerData.models).href + '/',
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 20 },
      mesh: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      description: { enabled: true },
    },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: true, minConfidence: workerData.minScore },
  });
  await human.load();
  return human;
})();
loading.catch(() => {});
let chain = Promise.resolve();
parentPort.on('message', (request) => {
  chain = chain.then(() => answer(request));
});
async function answer(request) {
  let human;
  try {
    human = await loading;
  } catch (error) {
    parentPort.postMessage({ id: request.id, unavailable: String((error && error.message) || error) });
    return;
  }
  let tensor;
  try {
    tensor = human.tf.tensor(new Uint8Array(request.pixels), [1, request.height, request.width, 3], 'int32');
    const result = await human.detect(tensor);
    if (result.error) throw new Error(result.error);
    parentPort.postMessage({
      id: request.id,
      faces: result.face.map((face) => ({ age: face.age, gender: face.gender })),
      objects: result.object.map((object) => ({ label: object.label, score: object.score })),
    });
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String((error && error.message) || error) });
  } finally {
    if (tensor) human.tf.dispose(tensor);
  }
}
`;

interface WorkerAnswer {
  id: number;
  faces?: { age?: number; gender?: string }[];
  objects?: { label: string; score: number }[];
  error?: string;
  unavailable?: string;
}

interface Job {
  id: number;
  input: string | Buffer;
  resolve: (result: PeopleResult) => void;
  reject: (error: Error) => void;
}

export interface PeopleDetectorOptions {
  /** Where Human, its models and the WASM binaries are; default: the installed packages. */
  paths?: HumanPaths | null;
  timeoutMs?: number;
  idleMs?: number;
}

export class PeopleDetector {
  private readonly paths: HumanPaths | null;
  private readonly timeoutMs: number;
  private readonly idleMs: number;
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  /** The request being served: its picture is being decoded (no worker yet), or the worker has it. */
  private current: { job: Job; timer?: NodeJS.Timeout; worker?: Worker } | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private unavailable: string | undefined;
  /** Workers that died since the last answer (hung ones are not counted: a busy machine). */
  private crashes = 0;
  private nextId = 1;

  constructor(options: PeopleDetectorOptions = {}) {
    this.paths = options.paths === undefined ? installedPaths() : options.paths;
    this.timeoutMs = options.timeoutMs ?? DETECT_TIMEOUT_MS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    if (!this.paths) this.unavailable = 'the @vladmandic/human package is not installed';
  }

  /** Whether detection can run here: the packages are installed and Human has not failed to load. */
  available(): boolean {
    return this.unavailable === undefined;
  }

  /** Faces and objects in a JPEG, PNG or WebP file (a path) or its bytes. */
  detect(input: string | Buffer): Promise<PeopleResult> {
    if (this.unavailable !== undefined)
      return Promise.reject(new PeopleDetectionError('UNAVAILABLE', `Personas are off: ${this.unavailable}`));
    return new Promise<PeopleResult>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.pump();
    });
  }

  /** Stops the worker (queued requests fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    clearTimeout(this.idleTimer);
    for (const job of this.queue.splice(0))
      job.reject(new PeopleDetectionError('FAILED', 'The people detector was closed'));
    if (this.current) {
      clearTimeout(this.current.timer);
      this.current.job.reject(new PeopleDetectionError('FAILED', 'The people detector was closed'));
      this.current = undefined;
    }
    await worker?.terminate();
  }

  private pump(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => void this.stopWorker(), this.idleMs);
      this.idleTimer.unref();
      return;
    }
    clearTimeout(this.idleTimer);
    this.current = { job };
    void this.send(job);
  }

  /** The current request is over: the next one goes. */
  private done(): void {
    clearTimeout(this.current?.timer);
    this.current = undefined;
    this.pump();
  }

  private async send(job: Job): Promise<void> {
    // Decoding runs on libuv's threads (sharp), not on this one.
    let pixels: { data: Buffer; width: number; height: number };
    try {
      pixels = await rgbPixels(job.input);
    } catch (error) {
      if (this.current?.job !== job) return; // closed meanwhile
      job.reject(
        new PeopleDetectionError('FAILED', `The picture could not be read: ${(error as Error).message}`),
      );
      this.done();
      return;
    }
    if (this.current?.job !== job) return; // closed meanwhile
    if (this.unavailable !== undefined) {
      job.reject(new PeopleDetectionError('UNAVAILABLE', `Personas are off: ${this.unavailable}`));
      this.done();
      return;
    }
    let worker: Worker;
    try {
      worker = this.startWorker();
    } catch (error) {
      job.reject(
        new PeopleDetectionError(
          'FAILED',
          `The people detector could not start: ${(error as Error).message}`,
        ),
      );
      this.done();
      return;
    }
    worker.ref();
    const timer = setTimeout(() => {
      // A hung detection: the worker is dropped, the next request starts a new one.
      this.fail(
        worker,
        new PeopleDetectionError('TIMEOUT', `Detection took longer than ${this.timeoutMs / 1000} s`),
      );
    }, this.timeoutMs);
    this.current = { job, timer, worker };
    const bytes = new Uint8Array(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength).slice();
    worker.postMessage({ id: job.id, width: pixels.width, height: pixels.height, pixels: bytes.buffer }, [
      bytes.buffer,
    ]);
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const paths = this.paths as HumanPaths;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...paths, minScore: OBJECT_MIN_SCORE },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      stdout: true,
      stderr: true,
    });
    // Human and tfjs print notices; they are not this server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on('message', (answer: WorkerAnswer) => this.answered(worker, answer));
    worker.on('error', (error) =>
      this.fail(worker, new PeopleDetectionError('FAILED', `The people detector stopped: ${error.message}`)),
    );
    worker.on('exit', (code) =>
      this.fail(worker, new PeopleDetectionError('FAILED', `The people detector exited (${code})`)),
    );
    this.worker = worker;
    return worker;
  }

  private answered(worker: Worker, answer: WorkerAnswer): void {
    const current = this.current;
    if (!current || current.worker !== worker || current.job.id !== answer.id) return;
    clearTimeout(current.timer);
    if (answer.unavailable !== undefined) {
      this.current = undefined;
      // Human did not load: off for this process.
      this.unavailable = `Human could not load: ${answer.unavailable.slice(0, 200)}`;
      current.job.reject(new PeopleDetectionError('UNAVAILABLE', `Personas are off: ${this.unavailable}`));
      for (const job of this.queue.splice(0))
        job.reject(new PeopleDetectionError('UNAVAILABLE', `Personas are off: ${this.unavailable}`));
      void this.stopWorker();
      return;
    }
    if (answer.error !== undefined)
      current.job.reject(
        new PeopleDetectionError('FAILED', `Detection failed: ${answer.error.slice(0, 300)}`),
      );
    else current.job.resolve(peopleFrom(answer));
    this.crashes = 0;
    this.done();
  }

  /** The worker died or hung: its request fails, the worker is dropped, the queue goes on. */
  private fail(worker: Worker, error: PeopleDetectionError): void {
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate().catch(() => {});
    const current = this.current;
    if (current?.worker !== worker) return;
    current.job.reject(error);
    // A worker that dies on every request without ever answering (a broken WASM build):
    // off for this process rather than restarted for ever.
    if (error.code !== 'TIMEOUT' && ++this.crashes >= MAX_CRASHES) {
      this.current = undefined;
      clearTimeout(current.timer);
      this.unavailable = `the detector stopped ${MAX_CRASHES} times in a row (${error.message})`;
      for (const job of this.queue.splice(0))
        job.reject(new PeopleDetectionError('UNAVAILABLE', `Personas are off: ${this.unavailable}`));
      return;
    }
    this.done();
  }

  private async stopWorker(): Promise<void> {
    if (this.current) return;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

function peopleFrom(answer: WorkerAnswer): PeopleResult {
  const faces = (answer.faces ?? []).map((face) => ({
    gender: genderOf(face.gender),
    ageGroup: ageGroupOf(face.age),
  }));
  const objects = [
    ...new Set(
      (answer.objects ?? [])
        .filter((object) => object.score >= OBJECT_MIN_SCORE && object.label)
        .map((object) => object.label),
    ),
  ];
  return { faces, objects };
}

async function rgbPixels(input: string | Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input, { failOn: 'error', animated: false })
    .rotate()
    .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels`);
  return { data, width: info.width, height: info.height };
}

/** An object label as a tag: Title Case, at most 20 characters ('cell phone' → 'Cell Phone'). */
export function objectTag(label: string): string {
  return label
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
    .slice(0, 20)
    .trim();
}

let shared: PeopleDetector | undefined;
const detector = () => {
  shared ??= new PeopleDetector();
  return shared;
};

/** Faces and COCO objects in a picture, on this process's shared detector. */
export function detectPeople(input: string | Buffer): Promise<PeopleResult> {
  return detector().detect(input);
}

/** Whether this process can detect people (checked without starting the worker). */
export function peopleDetectionAvailable(): boolean {
  return detector().available();
}
