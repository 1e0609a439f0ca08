import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import { modules } from './modules/index.js';
import { ANONYMOUS } from './platform/http/actor.js';
import { installActorResolution } from './platform/http/endpoints.js';
import { installErrorHandling } from './platform/http/error-handler.js';
import { tooManyRequests } from './platform/http/errors.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { registerSpa } from './platform/http/spa.js';
import { storageRoutes } from './platform/storage/routes.js';
import { VERSION } from './version.js';

export interface BuildAppOptions {
  /** Extra routes registered with the rest (tests use it for probe routes). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Serve the built web app (default true). */
  serveWeb?: boolean;
  reportErrors?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

const REQUEST_ID_PATTERN = /^[\w.-]{1,64}$/;

/** The HTTP app: plugins, error handling and every module's routes, on a ready context. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}) {
  const { config } = context;
  const app = Fastify({
    loggerInstance: context.log,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // genReqId reads x-request-id itself, keeping only sane values (a header would be trusted as is).
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      // One line per request only when debugging; errors are always logged.
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route with its declared permission: the authorization matrix test reads this.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, permission: route.config?.permission });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are per caller: never let a browser or proxy reuse one for someone else.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  // Security headers (helmet's, computed once; CSP hosts from the configuration).
  const headers = securityHeaders(context.config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // API answers above 1 KB go out in Brotli (quality 4: fast) or gzip. Stored media, zips and
  // range requests opt out (platform/storage/routes.ts); the web build is compressed ahead.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Rate-limit plumbing: off by default, a route opts in with `config.rateLimit`.
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    errorResponseBuilder: () => tooManyRequests(),
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Hookline API',
        description: 'Creative asset library and ad-performance API. Errors share one JSON shape.',
        version: VERSION,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          shareToken: { type: 'apiKey', in: 'header', name: 'X-Share-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Named (recursive) schemas become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Groups start collapsed: Swagger UI stops rendering a document of this many operations
    // listed whole (measured: two of nineteen groups drawn), and a reader opens the group they want.
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  const serveSpaIndex = options.serveWeb !== false && (await registerSpa(app, config.webDistDir));
  installErrorHandling(app, {
    reportErrors: options.reportErrors ?? Boolean(config.sentryDsn),
    serveSpaIndex,
  });

  const { services } = context;
  installActorResolution(app, async ({ token, brand, shareToken }) => {
    const actor = token ? await services.auth.resolveActor({ token, brand }) : ANONYMOUS;
    return shareToken ? services.shares.links.withShareToken(actor, shareToken) : actor;
  });
  // A write of a module whose data makes up actors (a sign-out, a role, a removed member):
  // this process forgets its cached actors before the answer leaves, so the writer's next
  // request never races the database's notice (modules/auth/actor-cache.ts).
  const forgetActorsAfterWrites = async (request: FastifyRequest) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') services.auth.forgetCachedActors();
  };
  for (const manifest of modules) {
    const routes = manifest.routes?.(services[manifest.name] as never);
    if (!routes) continue;
    await app.register(async (scope) => {
      if (manifest.changesActors) scope.addHook('onSend', forgetActorsAfterWrites);
      routes(scope);
    });
  }
  await app.register(storageRoutes, {
    storage: context.storage,
    signer: context.signer,
    shareExists: (id) => services.shares.links.shareExists(id),
  });
  if (options.extraRoutes) await options.extraRoutes(app);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
