import {
  acceptInvitationBodySchema,
  accessTokenResponseSchema,
  authOptionsSchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  inviteInfoSchema,
  loginBodySchema,
  resendVerificationBodySchema,
  resetPasswordBodySchema,
  signupBodySchema,
  signupResponseSchema,
  verifyEmailBodySchema,
} from '@hookline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import type { AuthService, ClientInfo } from './auth-service.js';

const client = (request: FastifyRequest): ClientInfo => {
  const header = request.headers['recaptcha-token'];
  return { ip: request.ip, recaptchaToken: typeof header === 'string' ? header : undefined };
};
const publicRoute = { auth: 'public' } as const;
const tags = ['auth'];

/** Sign-up, sign-in, e-mail verification, passwords, invitations (000 §7 Authentication). */
export const authRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/auth/options',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Which sign-in options this server offers',
          response: { 200: authOptionsSchema },
        },
      },
      async () => service.options(),
    );

    app.post(
      '/api/auth/login',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Sign in with e-mail and password (403 when the e-mail is not verified yet)',
          body: loginBodySchema,
          response: { 200: accessTokenResponseSchema },
        },
      },
      async (request) => ({
        access_token: await service.login(request.body.email, request.body.password, client(request)),
      }),
    );

    app.post(
      '/api/auth/google',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Sign in with a Google access token',
          body: googleLoginBodySchema,
          response: { 200: accessTokenResponseSchema },
        },
      },
      async (request) => ({
        access_token: await service.loginWithGoogle(request.body.accessToken, client(request)),
      }),
    );

    app.post(
      '/api/registration/signup',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Sign up by e-mail or Google; with an inviteId, join the inviting account',
          body: signupBodySchema,
          response: { 201: signupResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.signup(request.body, client(request))),
    );

    app.post(
      '/api/auth/verify-email',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Verify the e-mail address (401 when the link expired)',
          body: verifyEmailBodySchema,
          response: { 200: accessTokenResponseSchema },
        },
      },
      async (request) => ({ access_token: await service.verifyEmail(request.body.token, client(request)) }),
    );

    app.post(
      '/api/auth/resend-verification',
      {
        config: publicRoute,
        schema: { tags, summary: 'Send a fresh verification e-mail', body: resendVerificationBodySchema },
      },
      async (request, reply) => {
        await service.resendVerification(request.body.email, client(request));
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/forgot-password',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Mail a password reset link (same answer whether or not the e-mail exists)',
          body: forgotPasswordBodySchema,
        },
      },
      async (request, reply) => {
        await service.forgotPassword(request.body.email, client(request));
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/reset-password',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Set a new password and sign in (400 when the link expired)',
          body: resetPasswordBodySchema,
          response: { 200: accessTokenResponseSchema },
        },
      },
      async (request) => ({
        access_token: await service.resetPassword(
          request.body.email,
          request.body.newPassword,
          request.body.token,
        ),
      }),
    );

    app.post(
      '/api/auth/accept-invitation',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Accept a team invitation by setting a password; signs in',
          body: acceptInvitationBodySchema,
          response: { 200: accessTokenResponseSchema },
        },
      },
      async (request) => ({
        access_token: await service.acceptInvitation(
          request.body.email,
          request.body.token,
          request.body.password,
        ),
      }),
    );

    app.get(
      '/api/invitations/:inviteId',
      {
        config: publicRoute,
        schema: {
          tags,
          summary: 'Invite info: e-mail and who invited',
          params: z.object({ inviteId: z.uuid() }),
          response: { 200: inviteInfoSchema },
        },
      },
      async (request) => service.inviteInfo(request.params.inviteId),
    );

    app.post(
      '/api/auth/logout',
      { schema: { tags, summary: 'Sign out: revokes this session' } },
      async (request, reply) => {
        await service.logout(requireUser(request));
        return reply.status(204).send();
      },
    );
  };
