import os from 'node:os';
import path from 'node:path';
import { OPEN_BASE } from '@px/partner';
import Koa from 'koa';
import helmet from 'koa-helmet';
import type { Logger } from 'pino';
import type { Sequelize } from 'sequelize';
import { allActions } from './actions';
import { catalogueCalls } from './contract/catalogue';
import { UPLOADED_IMAGE_PATH_PREFIX } from './contract/upload';
import { type ActionDefinition, actionPath, type Providers } from './core/action';
import { attachChangeFeed, type ChangeFeed } from './core/change-feed';
import { errorHandler } from './core/error-handler';
import { CALL_ANSWER_HEADERS, fixedHeaders } from './core/fixed-headers';
import type { Health } from './core/health';
import type { JobQueue } from './core/jobs';
import { type Metrics, respCodeOf } from './core/metrics';
import { prefixedRoutes } from './core/prefixed-routes';
import { type RequestState, requestContext } from './core/request-context';
import {
  type ApiRouterDeps,
  assertCatalogueBound,
  type BodyLimits,
  createApiRouter,
  createVisitorCall,
  type TenantResolver,
} from './core/router';
import { type StaticApp, serveStaticApps } from './core/static-apps';
import { BANNER_IMAGE_PATH_PREFIX } from './modules/banner/banner.presenter';
import { bannerImageRoute } from './modules/banner/banner-image.route';
import { PAY_NOTIFY_PATH_PREFIX, payNotifyRoute } from './modules/order/pay-notify.route';
import { embedFrameRoute } from './modules/partner/embed-frame.route';
import { openApiRoute } from './modules/partner/open/open.route';
import { openApiDocsRoute } from './modules/partner/open/openapi.route';
import { cachedProjectTenants, projectTenants } from './modules/project/project.tenant';
import { hlsRoute } from './modules/resource/hls.route';
import { mediaRoute } from './modules/resource/media.route';
import { MEDIA_PATH_PREFIX } from './modules/resource/video-provider';
import { studySessionKeyRefusal } from './modules/study/session.service';
import { uploadedImageRoute } from './modules/upload/uploaded-image.route';
import { WECHAT_PUSH_PATH_PREFIX, wechatPushRoute } from './modules/wechat/push.route';

export interface AppDeps {
  sequelize: Sequelize;
  logger: Logger;
  /** Resolves a session token; see ApiRouterDeps. */
  authenticate: ApiRouterDeps['authenticate'];
  /** The outside systems the actions use, built once at start. */
  providers: Providers;
  /** The job queue actions enqueue background work on. */
  jobs: JobQueue;
  /** How calls find their project; the project module's resolver unless a test passes its own. */
  tenants?: TenantResolver;
  /**
   * The database's change notifications: with it, the request's project (`cachedProjectTenants`)
   * and what services cache through `sharedCache` are kept in process until their tables change
   * on any instance.
   */
  changeFeed?: ChangeFeed;
  /** `/healthz` and `/readyz` (`core/health.ts`); without it the app answers neither. */
  health?: Health;
  /** The API's actions; every action of the product unless a test passes its own. */
  actions?: readonly ActionDefinition[];
  /** Built front-end apps to serve beside the API. */
  staticApps?: StaticApp[];
  limits?: Partial<BodyLimits>;
  /** Where uploads wait while a call runs; a folder under the OS temp directory by default. */
  uploadDir?: string;
  /** Trust X-Forwarded-* headers (behind a reverse proxy). */
  trustProxy?: boolean;
  /**
   * Other origins the pages may load scripts from and call (the WeChat simulator's bridge script
   * in simulator mode). Images may come from any HTTPS origin (WeChat QR codes and avatars).
   */
  trustedOrigins?: string[];
  /**
   * Other origins the pages may play video from over plain HTTP (the VOD simulator in simulator
   * mode); a cloud VOD's media comes from its CDN, any HTTPS origin (docs/vod.md).
   */
  mediaOrigins?: string[];
}

/** Where the routes answering in other formats live (`prefixedRoutes`): each answers only under its prefix. */
const OTHER_FORMAT_PREFIXES = [
  WECHAT_PUSH_PATH_PREFIX,
  PAY_NOTIFY_PATH_PREFIX,
  `${OPEN_BASE}`,
  MEDIA_PATH_PREFIX,
  BANNER_IMAGE_PATH_PREFIX,
  UPLOADED_IMAGE_PATH_PREFIX,
] as const;

export const DEFAULT_LIMITS: BodyLimits = {
  jsonBytes: 1024 * 1024,
  formBytes: 1024 * 1024,
  fileBytes: 20 * 1024 * 1024,
  files: 10,
};

/** Builds the Koa application (no listen): request context, errors, security headers, API, apps. */
export function createApp(deps: AppDeps): Koa<RequestState> {
  const actions = deps.actions ?? allActions;
  if (!deps.actions) assertCatalogueBound(actions, catalogueCalls());
  if (deps.changeFeed) attachChangeFeed(deps.sequelize, deps.changeFeed);
  const app = new Koa<RequestState>({ proxy: deps.trustProxy ?? false });
  // Errors are answered by errorHandler; Koa's own printing would duplicate them.
  app.silent = true;
  // Polled every second by load balancers: answered first, with no access-log line.
  if (deps.health) app.use(deps.health.routes());
  app.use(requestContext(deps.logger, callMetrics(deps.providers.metrics, actions)));
  app.use(errorHandler());
  // helmet's headers, the same on every answer: recorded once, then set directly; a call's JSON
  // answer gets the short set of an API answer instead, and a call's file answer helmet's.
  const securityHeaders = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          // The product runs on plain HTTP in development and behind TLS in production;
          // upgrading would break the former and is the proxy's job in the latter.
          upgradeInsecureRequests: null,
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(deps.trustedOrigins ?? [])],
          scriptSrc: ["'self'", ...(deps.trustedOrigins ?? [])],
          connectSrc: ["'self'", ...(deps.trustedOrigins ?? [])],
          // HLS through hls.js plays from blob: (Media Source Extensions), a cloud VOD's MP4 from its CDN.
          mediaSrc: ["'self'", 'blob:', 'https:', ...(deps.mediaOrigins ?? [])],
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    }),
    { callAnswers: CALL_ANSWER_HEADERS },
  );
  app.use(securityHeaders);
  // The routes answering in other formats, each under a path prefix of its own: WeChat's pushes and
  // payment notifications, the partner API (its document and page, then the calls, signed or with a
  // token), signed media and HLS (the key of a study session's grant: the study module says whether
  // that session still holds it), banner and uploaded images. Every other request skips them at once.
  const base = { sequelize: deps.sequelize, log: deps.logger, providers: deps.providers, jobs: deps.jobs };
  app.use(
    prefixedRoutes(OTHER_FORMAT_PREFIXES, [
      wechatPushRoute(base),
      payNotifyRoute(base),
      openApiDocsRoute(),
      openApiRoute(base),
      mediaRoute(deps.sequelize, deps.providers),
      hlsRoute(deps.sequelize, deps.providers, studySessionKeyRefusal),
      bannerImageRoute(deps.providers),
      uploadedImageRoute(deps.providers),
    ]),
  );
  const routerDeps: ApiRouterDeps = {
    sequelize: deps.sequelize,
    authenticate: deps.authenticate,
    tenants: deps.tenants ?? (deps.changeFeed ? cachedProjectTenants(deps.changeFeed) : projectTenants),
    providers: deps.providers,
    jobs: deps.jobs,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
    uploadDir: deps.uploadDir ?? path.join(os.tmpdir(), 'px-uploads'),
    fileAnswerHeaders: (res) => securityHeaders.setOn(res),
  };
  app.use(createApiRouter(actions, routerDeps));
  if (deps.staticApps?.length) {
    // Who may frame the embedded study page: the app's allowed origins only.
    app.use(embedFrameRoute());
    // Pages come with their first calls answered (a visitor's calls on this server).
    app.use(serveStaticApps(deps.staticApps, createVisitorCall(actions, routerDeps)));
  }
  return app;
}

/**
 * Times every `/api/` request as its call (`group/name`; `other` for a path that is no call, so
 * scanners cannot grow the label set) with what it answered, after the error handler wrote it
 * (`requestContext` calls it once the request is answered).
 */
function callMetrics(
  metrics: Metrics,
  actions: readonly ActionDefinition[],
): (ctx: Koa.ParameterizedContext<RequestState>, seconds: number) => void {
  const keys = new Map(actions.map((action) => [actionPath(action), `${action.group}/${action.name}`]));
  return (ctx, seconds) => {
    if (!ctx.path.startsWith('/api/')) return;
    metrics.observeCall(
      keys.get(ctx.path) ?? 'other',
      respCodeOf(ctx.body, ctx.state.respCode, ctx.status),
      seconds,
    );
  };
}
