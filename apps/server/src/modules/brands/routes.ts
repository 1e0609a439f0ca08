import { brandEndpoints as brands } from '@hookline/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import type { BrandsService } from './service.js';

/** Brands, their settings and creative kit, industries (001 §7). */
export function brandsRoutes(service: BrandsService) {
  return (app: FastifyInstance) => {
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
  };
}
