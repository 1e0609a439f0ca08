import { loadScript } from './load-script';

/** reCAPTCHA v3: an invisible check whose token the sign-up sends in the recaptcha-token header. */
interface GreCaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: GreCaptcha;
  }
}

export async function getRecaptchaToken(siteKey: string, action: string): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA did not load');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}
