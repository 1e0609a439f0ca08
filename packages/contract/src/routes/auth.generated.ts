// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const authApi: Routes['auth'] = /* @__PURE__ */ nameGroup('auth', {
  options: { method: 'GET', path: '/api/auth/options' },
  login: { method: 'POST', path: '/api/auth/login' },
  google: { method: 'POST', path: '/api/auth/google' },
  signup: { method: 'POST', path: '/api/registration/signup', status: 201 },
  verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
  resendVerification: { method: 'POST', path: '/api/auth/resend-verification', status: 204 },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', status: 204 },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password' },
  acceptInvitation: { method: 'POST', path: '/api/auth/accept-invitation' },
  inviteInfo: { method: 'GET', path: '/api/invitations/:inviteId' },
  logout: { method: 'POST', path: '/api/auth/logout', status: 204 },
});
