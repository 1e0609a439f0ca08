/** Sign-in and brand words the shell shows before any identity page loads (page titles, the brand switcher). */
export const identityLabels = {
  signInTitle: 'Sign in',
  signUpTitle: 'Create your account',
  resetTitle: 'Choose a new password',
  forgotTitle: 'Reset your password',
  invitationTitle: 'Join your team',
  verifying: 'Verifying your e-mail…',
  onboardingTitle: 'Tell us about your company',
  brandSwitcher: 'Switch brand',
  brandsFailedToLoad: 'Your brands could not be loaded. Check your connection and try again.',
} as const;
