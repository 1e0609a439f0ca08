import {
  allocationSchema,
  brandListQuerySchema,
  brandSchema,
  completeOnboardingBodySchema,
  creativeKitSchema,
  industrySchema,
  inviteUserBodySchema,
  packageSchema,
  profileSchema,
  requestUpgradeBodySchema,
  teamMemberSchema,
  updateBrandBodySchema,
  updateCreativeKitBodySchema,
  usageSchema,
} from '@hookline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth.js';
import { sendPage } from '../../platform/http/pagination.js';
import type { AccountsService } from './accounts-service.js';

const id = z.string().uuid();
const brandParams = z.object({ id });
const accountParams = z.object({ accountId: id });
const accountQuery = z.object({ accountId: id });

/** Profile, brands, industries, team members, plan and usage (001 §7). */
export const accountsRoutes =
  (service: AccountsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/profile',
      {
        schema: {
          tags: ['profile'],
          querystring: z.object({ accountId: id.optional() }),
          response: { 200: profileSchema },
        },
      },
      // "Cached 1 minute" (000 §7) is the web's query stale time; the response itself is never cached (no-store).
      async (request) => service.profile(requireUser(request), request.query.accountId),
    );

    app.get(
      '/api/brands',
      {
        schema: {
          tags: ['brands'],
          summary: 'Brands the caller may use',
          querystring: brandListQuerySchema,
          response: { 200: z.array(brandSchema) },
        },
      },
      async (request, reply) => {
        return sendPage(reply, await service.listBrands(requireUser(request), request.query));
      },
    );

    app.get(
      '/api/brands/:id',
      { schema: { tags: ['brands'], params: brandParams, response: { 200: brandSchema } } },
      async (request) => service.getBrand(requireUser(request), request.params.id),
    );

    app.put(
      '/api/brands/:id',
      {
        schema: {
          tags: ['brands'],
          summary: 'The brand about form (admins)',
          params: brandParams,
          body: updateBrandBodySchema,
          response: { 200: brandSchema },
        },
      },
      async (request) => service.updateBrand(requireUser(request), request.params.id, request.body),
    );

    app.post(
      '/api/brands/:id/onboarding',
      {
        schema: {
          tags: ['brands'],
          summary: 'Complete onboarding: company name, industry, website',
          params: brandParams,
          body: completeOnboardingBodySchema,
          response: { 200: brandSchema },
        },
      },
      async (request) => service.completeOnboarding(requireUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/brands/:id/creative_kit',
      { schema: { tags: ['brands'], params: brandParams, response: { 200: creativeKitSchema } } },
      async (request) => service.creativeKit(requireUser(request), request.params.id),
    );

    app.put(
      '/api/brands/:id/creative_kit',
      {
        schema: {
          tags: ['brands'],
          summary: 'Campaign management (super users)',
          params: brandParams,
          body: updateCreativeKitBodySchema,
          response: { 200: creativeKitSchema },
        },
      },
      async (request) => service.updateCreativeKit(requireUser(request), request.params.id, request.body),
    );

    app.get(
      '/api/industries',
      { schema: { tags: ['brands'], response: { 200: z.array(industrySchema) } } },
      async () => service.industries(),
    );

    app.get(
      '/api/users',
      {
        schema: {
          tags: ['team'],
          summary: 'Team members of an account',
          querystring: accountQuery,
          response: { 200: z.array(teamMemberSchema) },
        },
      },
      async (request) => service.listMembers(requireUser(request), request.query.accountId),
    );

    app.post(
      '/api/users',
      {
        schema: {
          tags: ['team'],
          summary: 'Invite a team member (admins)',
          body: inviteUserBodySchema,
          response: { 201: teamMemberSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.inviteMember(requireUser(request), request.body)),
    );

    app.post(
      '/api/users/:id/reinvite',
      { schema: { tags: ['team'], params: brandParams, querystring: accountQuery } },
      async (request, reply) => {
        await service.reinviteMember(requireUser(request), request.query.accountId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/users/:id',
      { schema: { tags: ['team'], params: brandParams, querystring: accountQuery } },
      async (request, reply) => {
        await service.removeMember(requireUser(request), request.query.accountId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/accounts/:accountId/usage',
      { schema: { tags: ['plan'], params: accountParams, response: { 200: usageSchema } } },
      async (request) => service.usage(requireUser(request), request.params.accountId),
    );

    app.get(
      '/api/accounts/:accountId/package',
      { schema: { tags: ['plan'], params: accountParams, response: { 200: packageSchema } } },
      async (request) => service.package(requireUser(request), request.params.accountId),
    );

    app.get(
      '/api/accounts/:accountId/package-allocation',
      { schema: { tags: ['plan'], params: accountParams, response: { 200: allocationSchema } } },
      async (request) => service.allocation(requireUser(request), request.params.accountId),
    );

    app.post(
      '/api/accounts/:accountId/request-upgrade',
      { schema: { tags: ['plan'], params: accountParams, body: requestUpgradeBodySchema } },
      async (request, reply) => {
        await service.requestUpgrade(requireUser(request), request.params.accountId, request.body);
        return reply.status(204).send();
      },
    );
  };
