import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { loadSigningSecret, UrlSigner } from './signed-urls.js';
import type { Storage } from './storage.js';

export interface StorageSetup {
  storage: Storage;
  signer: UrlSigner;
}

/** The configured driver and the URL signer every process shares. */
export async function createStorage(config: Config): Promise<StorageSetup> {
  const signer = new UrlSigner(await loadSigningSecret(config.signingSecret, config.dataDir));
  if (config.storage.driver === 's3') return { storage: new S3Storage(config.storage.s3), signer };
  const local = new LocalStorage(config.storage.localDir, signer);
  await local.init();
  return { storage: local, signer };
}
