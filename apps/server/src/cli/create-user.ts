import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { closeContext, createContext } from '../context.js';
import { randomToken } from '../platform/security/tokens.js';

/**
 * npm run create-user -- --email ana@example.com [--password …] [--first-name Ana] [--last-name Lee]
 *   [--super-user] [--account-id <uuid> [--role admin|member]] [--account-name "Acme"] [--brand "Acme EU"]
 *
 * Without --account-id: a new account with one brand (--brand, onboarding done) and the user
 * as its admin. With --account-id: joins that account; --brand adds a brand to it.
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */
const USAGE =
  'usage: npm run create-user -- --email <e-mail> [--password <p>] [--first-name <n>] [--last-name <n>] [--super-user] [--account-id <id> [--role admin|member]] [--account-name <n>] [--brand <name>]';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      'super-user': { type: 'boolean', default: false },
      'account-id': { type: 'string' },
      'account-name': { type: 'string' },
      role: { type: 'string' },
      brand: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 1);
  }
  if (values.role && values.role !== 'admin' && values.role !== 'member')
    throw new Error('--role must be admin or member');
  if (values.brand && (values.brand.length < 3 || values.brand.length > 30))
    throw new Error('--brand must be 3 to 30 characters');

  const config = { ...loadConfig(), seedDemo: false };
  const context = await createContext(config, { log: undefined });
  try {
    const password = values.password ?? randomToken().slice(0, 16);
    const created = await context.services.team.createUser({
      email: values.email,
      password,
      firstName: values['first-name'] ?? values.email.split('@')[0]!,
      lastName: values['last-name'] ?? '',
      isSuperUser: values['super-user'],
      accountId: values['account-id'],
      role: values.role as 'admin' | 'member' | undefined,
      accountName: values['account-name'],
      brandName: values.brand,
    });
    process.stdout.write(
      `${JSON.stringify({ ...created, email: values.email, password: values.password ? undefined : password, isSuperUser: values['super-user'] }, null, 2)}\n`,
    );
  } finally {
    await closeContext(context);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
