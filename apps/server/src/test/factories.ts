import type { AppContext } from '../context.js';
import type { Mailer, MailMessage } from '../platform/mail/mailer.js';
import type { TestApp } from './test-app.js';

/** Keeps every message in memory, so tests can open "the mail" and follow its link. */
export class CapturingMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage) {
    this.messages.push(message);
  }
  /** The newest message to `to`, optionally whose subject matches. */
  last(to: string, subject?: RegExp): MailMessage | undefined {
    return this.messages.filter((m) => m.to === to && (!subject || subject.test(m.subject))).at(-1);
  }
  /** The link of the newest message to `to`, as a URL. */
  link(to: string, subject?: RegExp): URL {
    const link = this.last(to, subject)?.link;
    if (!link) throw new Error(`no mail with a link to ${to}`);
    return new URL(link);
  }
}

let counter = 0;

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  accountId: string;
  brandId: string;
  token: string;
  headers: { authorization: string };
}

/** A verified user with a password and a session; by default admin of a new account with one brand. */
export async function createUser(
  t: TestApp,
  options: {
    isSuperUser?: boolean;
    accountId?: string;
    role?: 'admin' | 'member';
    brandName?: string;
    email?: string;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const created = await t.context.services.team.createUser({
    email,
    password,
    firstName: `User${counter}`,
    lastName: 'Test',
    isSuperUser: options.isSuperUser,
    accountId: options.accountId,
    role: options.role,
    brandName: options.brandName ?? (options.accountId ? undefined : `Brand ${counter}`),
  });
  const token = await signIn(t, email, password);
  return {
    userId: created.userId,
    email,
    password,
    accountId: created.accountId,
    brandId: created.brandId ?? '',
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type { AppContext };

/** A folder made through the library (default: at the top level of the user's brand). */
export async function createFolder(
  t: TestApp,
  user: Pick<TestUser, 'accountId' | 'brandId' | 'userId'>,
  options: { name?: string; parentId?: string | null } = {},
): Promise<string> {
  counter += 1;
  const [id] = await t.context.services.libraryItems.createFiles(
    { accountId: user.accountId, brandId: user.brandId, library: 'BRAND' },
    options.parentId ?? null,
    [
      {
        type: 'FOLDER',
        name: options.name ?? `Folder ${counter}`,
        creatorId: user.userId,
        ownerId: user.userId,
      },
    ],
  );
  return id!;
}

/**
 * Finished files made through the library, as an upload leaves them (no bytes in storage:
 * for listing, moving and deleting). Several at once when `count` is given.
 */
export async function createFiles(
  t: TestApp,
  user: Pick<TestUser, 'accountId' | 'brandId' | 'userId'>,
  options: { names: string[]; parentId?: string | null; size?: number; type?: 'VIDEO' | 'IMAGE' },
): Promise<string[]> {
  return t.context.services.libraryItems.createFiles(
    { accountId: user.accountId, brandId: user.brandId, library: 'BRAND' },
    options.parentId ?? null,
    options.names.map((name) => ({
      type: options.type ?? 'VIDEO',
      name,
      size: options.size ?? 1000,
      uploadingState: 'UPLOADED' as const,
      creatorId: user.userId,
      ownerId: user.userId,
    })),
  );
}

/** One more brand in the user's account (through the brands module, with its Brand Kit folder). */
export async function createBrand(
  t: TestApp,
  user: Pick<TestUser, 'accountId'>,
  name?: string,
): Promise<string> {
  counter += 1;
  const brand = await t.context.services.brands.createBrand(user.accountId, name ?? `Brand ${counter}`, {
    onboardingCompleted: true,
  });
  return brand.id;
}
