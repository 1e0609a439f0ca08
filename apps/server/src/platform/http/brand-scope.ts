const MISSING = new Set(['', 'undefined', 'null']);
const isMissing = (value: string | undefined) => value === undefined || MISSING.has(value.trim());

const BRAND_SCOPE_PATTERN = /^\/api\/accounts(?:\/([^/]*))?\/brands(?:\/([^/]*))?(?:\/|$)/;
const ACCOUNT_ONLY_PATTERN = /^\/api\/accounts\/?$/;

/**
 * True for paths shaped like the brand scope whose accountId or brandId is empty or a
 * client's 'undefined'/'null'; such requests answer 400 'accountId and brandId are required'.
 */
export function brandScopeMissingIds(path: string): boolean {
  if (ACCOUNT_ONLY_PATTERN.test(path)) return false;
  const match = BRAND_SCOPE_PATTERN.exec(path);
  if (!match) return false;
  return isMissing(match[1]) || isMissing(match[2]);
}
