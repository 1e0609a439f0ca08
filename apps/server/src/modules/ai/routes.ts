import { aiEndpoints as e } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { callScope as scope } from '../library/scope.js';
import type { AiService } from './service.js';

export function aiRoutes(service: AiService) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.capabilities, ({ actor, params }) => service.capabilities(scope(actor, params)));
  };
}
