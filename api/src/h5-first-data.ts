import {
  CLASS_CENTER_PAGE_SIZE,
  type FirstData,
  firstDataKey,
  readUnitIdParam,
  SHOW_CLASS_TYPE_MODEL,
  shownBaseTypes,
  TOKEN_KEY,
} from '@px/config';
import type { Context } from 'koa';
import type { SystemInfo } from './contract';
import type { VisitorCall } from './core/router';
import type { FirstDataSource } from './core/static-apps';

/** The public class centres whose first screen is the newest offered year's list (h5 center-variants.ts). */
const CENTER_PAGES = new Set(['/classSelectCenter', '/v2/classSelectCenter']);

/**
 * The first data of the student H5's pages (issue 29, first paint on a phone; `@px/config`
 * first-data.ts): what their first render asks for, as the H5 would ask it, answered here so the
 * page needs no round trip before it shows.
 * - Every page: `project/system-info` of the request's project (the `unitId` of the address, else
 *   the host's), the same for every visitor.
 * - The public class centres, for a visitor without a session: the offered years
 *   (`class/center-years`), then the newest year's first page of the first shown base type
 *   (`class/center-page`), or in the tree model the year's class-type tree (`class/center-categories`:
 *   the page it chooses is asked by the client). A signed-in caller gets these from their own
 *   project, so a request with a session cookie (or a token to adopt) gets none of them.
 * A call that fails is left out; the H5 then makes it itself and shows its answer as usual.
 */
export function h5FirstData(call: VisitorCall): FirstDataSource {
  return async (ctx, page) => {
    const data: FirstData = { public: {}, anonymous: {} };
    const unitId = readUnitIdParam(ctx.search);
    const take = async <T>(table: Record<string, unknown>, name: string, input: object) => {
      const json = await call(ctx, name, input);
      if (json === null) return null;
      const value = JSON.parse(json) as T;
      table[firstDataKey(name, input)] = value;
      return value;
    };
    const centre = CENTER_PAGES.has(page.replace(/\/+$/, '')) && anonymous(ctx);
    const [settings, years] = await Promise.all([
      take<SystemInfo>(data.public, 'project/system-info', unitId === undefined ? {} : { unitId }),
      centre ? take<number[]>(data.anonymous, 'class/center-years', { unitId }) : null,
    ]);
    const year = years?.[0];
    if (settings && year !== undefined) {
      const tree = settings.hideMajorType !== 1 && settings.showClassTypeModel === SHOW_CLASS_TYPE_MODEL.TREE;
      const baseType = shownBaseTypes(settings)[0];
      if (tree) await take(data.anonymous, 'class/center-categories', { unitId, year });
      else if (baseType)
        await take(data.anonymous, 'class/center-page', {
          unitId,
          year,
          baseType,
          pageNum: 1,
          pageSize: CLASS_CENTER_PAGE_SIZE,
        });
    }
    return data;
  };
}

/** Whether the page request carries no session: no token cookie, no `token` to adopt in the address. */
function anonymous(ctx: Context): boolean {
  return !ctx.cookies.get(TOKEN_KEY) && !new URLSearchParams(ctx.search).has('token');
}
