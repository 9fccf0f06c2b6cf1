import { homeCalls } from '../../contract/home';
import { implement } from '../../core/action';
import { homeTodo } from './home.service';

/** The home page's call (`home/todo`). */
export const homeActions = implement(homeCalls, {
  todo: (ctx) => homeTodo(ctx),
});
