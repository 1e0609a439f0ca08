import { authEndpoints as e } from '@hookline/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { AuthService, ClientInfo } from './service.js';
import { VERIFY_BROWSER_COOKIE } from './verify-browser.js';

const client = (request: FastifyRequest, reply?: FastifyReply, service?: AuthService): ClientInfo => {
  const header = request.headers['recaptcha-token'];
  return {
    ip: request.ip,
    recaptchaToken: typeof header === 'string' ? header : undefined,
    verifyBrowserProof: readCookie(request.headers.cookie, VERIFY_BROWSER_COOKIE),
    keepVerifyBrowserProof:
      reply && service
        ? (proof) => {
            if (proof !== undefined) reply.header('set-cookie', service.verifyBrowserCookie(proof));
          }
        : undefined,
  };
};

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

/** Sign-up, sign-in, e-mail verification, passwords, accepting invitations (000 §7 Authentication). */
export function authRoutes(service: AuthService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.options, () => service.options());
    registerEndpoint(app, e.login, async ({ body, request, reply }) => ({
      access_token: await service.login(body.email, body.password, client(request, reply, service)),
    }));
    registerEndpoint(app, e.google, async ({ body, request }) => ({
      access_token: await service.loginWithGoogle(body.accessToken, client(request)),
    }));
    registerEndpoint(app, e.signup, ({ body, request, reply }) =>
      service.signup(body, client(request, reply, service)),
    );
    registerEndpoint(app, e.verifyEmail, async ({ body, request, reply }) => ({
      access_token: await service.verifyEmail(body.token, body.password, client(request, reply, service)),
    }));
    registerEndpoint(app, e.resendVerification, async ({ body, request }) => {
      await service.resendVerification(body.email, client(request));
    });
    registerEndpoint(app, e.forgotPassword, async ({ body, request }) => {
      await service.forgotPassword(body.email, client(request));
    });
    registerEndpoint(app, e.resetPassword, async ({ body }) => ({
      access_token: await service.resetPassword(body.email, body.newPassword, body.token),
    }));
    registerEndpoint(app, e.acceptInvitation, async ({ body }) => ({
      access_token: await service.acceptInvitation(body.email, body.token, body.password),
    }));
    registerEndpoint(app, e.logout, async ({ actor }) => {
      await service.logout(actor);
    });
  };
}
