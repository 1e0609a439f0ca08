import {
  brandEndpoints as brands,
  planEndpoints as plans,
  profileEndpoints as profile,
  teamEndpoints as team,
} from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { AccountsService } from './accounts-service.js';

/** Profile, brands, industries, team members, plan and usage (001 §7). */
export function accountsRoutes(service: AccountsService) {
  return (app: FastifyInstance) => {
    // "Cached 1 minute" (000 §7) is the web's query stale time; the response itself is never cached (no-store).
    registerEndpoint(app, profile.profile, ({ actor, query }) => service.profile(actor, query.accountId));
    registerEndpoint(app, brands.list, ({ actor, query }) => service.listBrands(actor, query));
    registerEndpoint(app, brands.get, ({ actor, params }) => service.getBrand(actor, params.id));
    registerEndpoint(app, brands.update, ({ actor, params, body }) =>
      service.updateBrand(actor, params.id, body),
    );
    registerEndpoint(app, brands.completeOnboarding, ({ actor, params, body }) =>
      service.completeOnboarding(actor, params.id, body),
    );
    registerEndpoint(app, brands.creativeKit, ({ actor, params }) => service.creativeKit(actor, params.id));
    registerEndpoint(app, brands.updateCreativeKit, ({ actor, params, body }) =>
      service.updateCreativeKit(actor, params.id, body),
    );
    registerEndpoint(app, brands.industries, ({ actor }) => service.industries(actor));
    registerEndpoint(app, team.members, ({ actor, query }) => service.listMembers(actor, query.accountId));
    registerEndpoint(app, team.invite, ({ actor, body }) => service.inviteMember(actor, body));
    registerEndpoint(app, team.reinvite, ({ actor, params, query }) =>
      service.reinviteMember(actor, query.accountId, params.id),
    );
    registerEndpoint(app, team.remove, ({ actor, params, query }) =>
      service.removeMember(actor, query.accountId, params.id),
    );
    registerEndpoint(app, plans.usage, ({ actor, params }) => service.usage(actor, params.accountId));
    registerEndpoint(app, plans.package, ({ actor, params }) => service.package(actor, params.accountId));
    registerEndpoint(app, plans.allocation, ({ actor, params }) =>
      service.allocation(actor, params.accountId),
    );
    registerEndpoint(app, plans.requestUpgrade, ({ actor, params, body }) =>
      service.requestUpgrade(actor, params.accountId, body),
    );
  };
}
