import type { Middleware, Next, ParameterizedContext } from 'koa';

/**
 * Routes that each answer only paths under one of `prefixes` (their own), as one middleware: a
 * request under none of them (every call, every page) goes straight on, instead of passing through
 * each route in turn (an async function, a promise and a path match each, on every request); a
 * request under one runs them in order, as if each had been `app.use`d.
 */
export function prefixedRoutes<S>(
  prefixes: readonly string[],
  routes: readonly Middleware<S>[],
): Middleware<S> {
  return (ctx, next) => {
    const path = ctx.path;
    for (const prefix of prefixes) if (path.startsWith(prefix)) return inOrder(routes, 0, ctx, next);
    return next();
  };
}

async function inOrder<S>(
  routes: readonly Middleware<S>[],
  index: number,
  ctx: ParameterizedContext<S>,
  next: Next,
): Promise<void> {
  const route = routes[index];
  if (!route) return next();
  return route(ctx, () => inOrder(routes, index + 1, ctx, next));
}
