import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageGroupOf,
  detectPeople,
  genderOf,
  type HumanPaths,
  isPeopleDetectionUnavailable,
  objectTag,
  PeopleDetectionError,
  PeopleDetector,
  peopleDetectionAvailable,
} from './people.js';

/**
 * Real Human runs on the committed astronaut photo (public domain, NOTICE), and the worker's
 * failures with a stand-in for Human: a load that fails, a worker that dies, one that hangs.
 */
const ASTRONAUT = fileURLToPath(new URL('../../../../test/fixtures/astronaut.jpg', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-people-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the local people detector (Human on WASM)', () => {
  it('finds one woman of 25-34 and a person in the astronaut photo', { timeout: 120_000 }, async () => {
    expect(peopleDetectionAvailable()).toBe(true);
    const result = await detectPeople(ASTRONAUT);
    expect(result.faces).toEqual([{ gender: 'Female', ageGroup: '25-34' }]);
    expect(result.objects).toContain('person');
    // The same worker answers again, from bytes this time.
    const again = await detectPeople(await fs.readFile(ASTRONAUT));
    expect(again.faces).toEqual(result.faces);
  });

  it('finds nobody in a generated plain picture', { timeout: 120_000 }, async () => {
    const plain = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const result = await detectPeople(plain);
    expect(result.faces).toEqual([]);
    expect(result.objects).toEqual([]);
  });

  it('fails a file that is not a picture, and goes on', { timeout: 120_000 }, async () => {
    await expect(detectPeople(Buffer.from('not a picture'))).rejects.toMatchObject({ code: 'FAILED' });
  });
});

describe('the people detector when Human misbehaves', () => {
  /** A stand-in for Human's node-wasm bundle, loaded by the worker from `file`. */
  async function fakeHuman(name: string, body: { load: string; detect: string }): Promise<HumanPaths> {
    const file = path.join(dir, `${name}.cjs`);
    await fs.writeFile(
      file,
      `const fs = require('node:fs');
exports.Human = class {
  constructor() { this.tf = { tensor: () => ({}), dispose: () => {} }; }
  async load() { ${body.load} }
  async detect() { ${body.detect} }
};`,
    );
    return { human: file, models: dir + path.sep, wasm: dir + path.sep };
  }
  const found = `return { face: [{ age: 71, gender: 'male' }], object: [{ label: 'cell phone', score: 0.7 }, { label: 'mouse', score: 0.3 }] };`;

  it('turns itself off when Human does not load, without throwing', async () => {
    const detector = new PeopleDetector({
      paths: await fakeHuman('broken', { load: "throw new Error('no backend');", detect: found }),
    });
    const error = await detector.detect(Buffer.from('x')).catch((e: unknown) => e);
    // The picture is read before the worker is asked: a bad one fails on its own.
    expect(error).toBeInstanceOf(PeopleDetectionError);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const [first, second] = await Promise.allSettled([detector.detect(png), detector.detect(png)]);
    expect(first.status === 'rejected' && isPeopleDetectionUnavailable(first.reason)).toBe(true);
    expect(second.status === 'rejected' && isPeopleDetectionUnavailable(second.reason)).toBe(true);
    expect(detector.available()).toBe(false);
    await expect(detector.detect(png)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await detector.close();
  });

  it('is off when the package is missing', async () => {
    const detector = new PeopleDetector({ paths: null });
    expect(detector.available()).toBe(false);
    await expect(detector.detect(Buffer.from('x'))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('starts a new worker after one dies mid-detection, and after one hangs', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const died = path.join(dir, 'died');
    const dying = new PeopleDetector({
      paths: await fakeHuman('dying', {
        load: '',
        detect: `if (!fs.existsSync(${JSON.stringify(died)})) { fs.writeFileSync(${JSON.stringify(died)}, ''); process.exit(3); } ${found}`,
      }),
    });
    const [lost, next] = await Promise.allSettled([dying.detect(png), dying.detect(png)]);
    expect(lost.status === 'rejected' && (lost.reason as PeopleDetectionError).code).toBe('FAILED');
    expect(next).toEqual({
      status: 'fulfilled',
      value: { faces: [{ gender: 'Male', ageGroup: '65+' }], objects: ['cell phone'] },
    });
    expect(dying.available()).toBe(true);
    await dying.close();

    const hung = path.join(dir, 'hung');
    const hanging = new PeopleDetector({
      timeoutMs: 500,
      paths: await fakeHuman('hanging', {
        load: '',
        detect: `if (!fs.existsSync(${JSON.stringify(hung)})) { fs.writeFileSync(${JSON.stringify(hung)}, ''); for (;;) {} } ${found}`,
      }),
    });
    await expect(hanging.detect(png)).rejects.toMatchObject({ code: 'TIMEOUT' });
    await expect(hanging.detect(png)).resolves.toMatchObject({ objects: ['cell phone'] });
    await hanging.close();
  });

  it('turns itself off after three workers die in a row', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const doomed = new PeopleDetector({
      paths: await fakeHuman('doomed', { load: '', detect: 'process.exit(1);' }),
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map(() => doomed.detect(png)));
    expect(results.map((r) => r.status === 'rejected' && (r.reason as PeopleDetectionError).code)).toEqual([
      'FAILED',
      'FAILED',
      'FAILED',
      'UNAVAILABLE',
    ]);
    expect(doomed.available()).toBe(false);
    await doomed.close();
  });
});

describe('what Human says, as personas and tags say it', () => {
  it('buckets ages into the persona age groups', () => {
    expect(
      [0, 12.9, 13, 17.5, 18, 24.9, 25, 29.3, 34.99, 35, 44, 45, 54, 55, 65.4, 66, 90].map(ageGroupOf),
    ).toEqual([
      '0-12',
      '0-12',
      '13-17',
      '13-17',
      '18-24',
      '18-24',
      '25-34',
      '25-34',
      '25-34',
      '35-44',
      '35-44',
      '45-54',
      '45-54',
      '55-65',
      '55-65',
      '65+',
      '65+',
    ]);
    expect(ageGroupOf(undefined)).toBeNull();
    expect(ageGroupOf(Number.NaN)).toBeNull();
  });

  it('gives a gender only when Human tells one', () => {
    expect([genderOf('female'), genderOf('male'), genderOf('unknown'), genderOf(undefined)]).toEqual([
      'Female',
      'Male',
      null,
      null,
    ]);
  });

  it('names objects in Title Case within 20 characters', () => {
    expect(['person', 'cell phone', 'hair drier', 'a very long label indeed here'].map(objectTag)).toEqual([
      'Person',
      'Cell Phone',
      'Hair Drier',
      'A Very Long Label In',
    ]);
  });
});
