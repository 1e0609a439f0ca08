import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fake-openai.js';

/**
 * The fake AI server of one test file (platform/ai/*.test.ts): started before its tests,
 * its script and recorded requests cleared before each, closed after. The answer stands for
 * the running fake (it is bound once the file's tests start).
 */
export function useFakeOpenAi(): FakeOpenAi {
  let fake: FakeOpenAi | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake?.close());
  beforeEach(() => fake?.reset());
  return new Proxy({} as FakeOpenAi, {
    get(_, key) {
      if (!fake) throw new Error('the fake AI server starts with the tests (use it inside them)');
      const value = Reflect.get(fake, key, fake);
      return typeof value === 'function' ? value.bind(fake) : value;
    },
  });
}
