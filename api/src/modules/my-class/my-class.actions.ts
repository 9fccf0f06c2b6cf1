import { myClassCalls } from '../../contract/my-class';
import { implement } from '../../core/action';
import { pageMyClasses } from './my-class.service';

/** The student's own classes (`my-class/...`). */
export const myClassActions = implement(myClassCalls, {
  page: (ctx, input) => pageMyClasses(ctx, input),
});
