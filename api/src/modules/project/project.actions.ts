import { systemInfoInput } from '../../contract/project';
import { defineAction } from '../../core/action';
import { getLoginKey } from '../auth/login-key';
import { presentSystemInfo, resolveRequestProject } from './project.service';

/** The first call both apps make: the project's settings (title, study model, video rules, login type...). */
export const systemInfo = defineAction({
  group: 'project',
  name: 'system-info',
  methods: ['GET', 'POST'],
  auth: 'public',
  input: systemInfoInput,
  async handler(ctx, input) {
    const project = await resolveRequestProject({ unitId: input.unitId, host: ctx.request.host });
    const { publicPem } = await getLoginKey(ctx.sequelize);
    return presentSystemInfo(project, publicPem);
  },
});

export const projectActions = [systemInfo];
