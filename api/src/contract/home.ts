import { type PageUrl, ROLE_SYSTEM } from '@px/config';
import { z } from 'zod';
import { signedIn } from './access';
import { answer, defineCalls } from './call';

/**
 * The back office's home page of work to do (issue 27): for the caller's project and role, how many
 * things wait for someone, each with the list screen (and its filter) that shows them. The server
 * decides which items a caller gets (their role system and the page grants of their role); the
 * page shows the answer as it is.
 */

/** The kinds of work the home page counts, in the order it shows them. */
export const HOME_TODO_KEYS = [
  'refundApplies',
  'invoices',
  'changeClasses',
  'classApplies',
  'unpaidBatchOrders',
  'failedImports',
  'openExceptions',
  'reprintCertificates',
  'openCases',
] as const;
export type HomeTodoKey = (typeof HOME_TODO_KEYS)[number];

/** One count of work to do, with where it is listed. */
export interface HomeTodoItem {
  key: HomeTodoKey;
  /** What is counted (zh-CN), e.g. 退款申请待审核. */
  title: string;
  count: number;
  /** The list screen showing exactly what is counted. */
  page: PageUrl;
  /** The filter of that screen, as its query string's fields (`{ status: 'PENDING' }`). */
  query: Readonly<Record<string, string>>;
}

/** `home/todo`: the caller's counts; empty when their role opens none of the lists. */
export interface HomeTodo {
  items: HomeTodoItem[];
}

/** The home page's call (`home/...`). */
export const homeCalls = defineCalls('home', {
  /** The work waiting for the caller (project staff, unit managers) in their project. */
  todo: {
    input: z.object({}),
    answer: answer<HomeTodo>(),
    access: signedIn(ROLE_SYSTEM.PROJECT, ROLE_SYSTEM.UNIT),
    methods: ['GET', 'POST'],
  },
});
