import { authEndpoints, profileEndpoints as profile, teamEndpoints as team } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { TeamService } from './service.js';

/** Profile, team members and invitations (001 §7). */
export function teamRoutes(service: TeamService) {
  return (app: FastifyInstance) => {
    // "Cached 1 minute" (000 §7) is the web's query stale time; the response itself is never cached (no-store).
    registerEndpoint(app, profile.profile, ({ actor, query }) => service.profile(actor, query.accountId));
    registerEndpoint(app, team.members, ({ actor, query }) => service.listMembers(actor, query.accountId));
    registerEndpoint(app, team.invite, ({ actor, body }) => service.inviteMember(actor, body));
    registerEndpoint(app, team.reinvite, ({ actor, params, query }) =>
      service.reinviteMember(actor, query.accountId, params.id),
    );
    registerEndpoint(app, team.remove, ({ actor, params, query }) =>
      service.removeMember(actor, query.accountId, params.id),
    );
    registerEndpoint(app, authEndpoints.inviteInfo, ({ params }) => service.inviteInfo(params.inviteId));
  };
}
