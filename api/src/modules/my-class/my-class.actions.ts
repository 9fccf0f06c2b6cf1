import { myClassCalls } from '../../contract/my-class';
import { implement } from '../../core/action';
import { recommendedClasses } from '../class-center/class-center.service';
import { myPortfolio, pageMyClasses } from './my-class.service';

/** The student's own classes (`my-class/...`): the list, the portfolio and the recommendations. */
export const myClassActions = implement(myClassCalls, {
  page: (ctx, input) => pageMyClasses(ctx, input),
  portfolio: (ctx) => myPortfolio(ctx),
  recommended: (ctx) => recommendedClasses(ctx),
});
