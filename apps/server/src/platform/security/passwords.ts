import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's baseline). */
export const hashPassword = (password: string) => hash(password);

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash, still spend the same time on a real one, so timing does not tell which e-mails exist.
  dummyHash ??= hash('hookline-timing-equaliser');
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}
