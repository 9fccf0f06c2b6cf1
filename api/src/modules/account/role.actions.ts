import { roleCalls } from '../../contract/role';
import { implement } from '../../core/action';
import { deleteRole, findRole, myPermission, pageRoles, queryRoles, saveRole } from './role.service';

/** The roles calls (`role/...`): the caller's roles (the platform's for platform staff) and their own grant. */
export const roleActions = implement(roleCalls, {
  query: (ctx, input) => queryRoles(ctx, input.roleSystem),
  page: (ctx, input) => pageRoles(ctx, input),
  find: (ctx, input) => findRole(ctx, input.id),
  save: (ctx, input) => saveRole(ctx, input),
  delete: async (ctx, input) => {
    await deleteRole(ctx, input.id);
    return null;
  },
  'get-my-permission': (ctx) => myPermission(ctx),
});
