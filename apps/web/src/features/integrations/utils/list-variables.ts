import { integrationsTexts } from '@/config/texts/integrations';

/** 'A', 'A and B', 'A, B and C': the variables (or hosts) a sentence names. */
export function listVariables(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${integrationsTexts.and} ${names.at(-1)}`;
}
