import { z } from 'zod';
import {
  certificateBackgroundInput,
  certificateTemplateIdInput,
  certificateTemplatePageInput,
  certificateTemplateSaveInput,
  certificateTemplateStatusInput,
} from '../../contract/certificate';
import { type ActionContext, type ActionDefinition, FileResult, type HttpMethod } from '../../core/action';
import { projectStaffActions } from '../../core/tenant';
import {
  deleteTemplate,
  getTemplate,
  pageTemplates,
  readTemplateBackground,
  saveTemplate,
  setTemplateStatus,
  uploadTemplateBackground,
} from './certificate-template.service';

/** 证书模板: the screen that manages the project's certificate templates. */
export const CERTIFICATE_TEMPLATE_SCREEN = '/resource-manage/certificate';
/** The class screens choose a template for a class, so they read the list too. */
const TEMPLATE_READERS = [
  CERTIFICATE_TEMPLATE_SCREEN,
  '/train-manage/class',
  '/train-manage/train-class-detail',
];

const certificateAction = projectStaffActions('certificate');
/** A call granted by the template screen alone. */
const staffAction = <S extends z.ZodType, R>(
  name: string,
  input: S,
  handler: (ctx: ActionContext, input: z.output<S>, projectId: number) => Promise<R>,
) => certificateAction(name, [CERTIFICATE_TEMPLATE_SCREEN], input, handler);

/** `certificate/template-page`: the project's templates, newest change first (name part, status filters). */
export const templatePage = certificateAction(
  'template-page',
  TEMPLATE_READERS,
  certificateTemplatePageInput,
  (_ctx, input, projectId) => pageTemplates(projectId, input),
);

/** `certificate/template-get`: one template with its fields. */
export const templateGet = staffAction('template-get', certificateTemplateIdInput, (_ctx, input, projectId) =>
  getTemplate(projectId, input.id),
);

/** `certificate/template-save` (JSON body): creates or updates a template. */
export const templateSave = staffAction(
  'template-save',
  certificateTemplateSaveInput,
  (ctx, input, projectId) => saveTemplate(ctx, projectId, input),
);

/** `certificate/template-status`: enables or disables a template. */
export const templateStatus = staffAction(
  'template-status',
  certificateTemplateStatusInput,
  (ctx, input, projectId) => setTemplateStatus(ctx, projectId, input.id, input.status),
);

/** `certificate/template-delete`: deletes a template no class uses. */
export const templateDelete = staffAction(
  'template-delete',
  certificateTemplateIdInput,
  async (ctx, input, projectId) => {
    await deleteTemplate(ctx, projectId, input.id);
    return null;
  },
);

/** `certificate/template-upload-background` (multipart `file`): stores a PNG/JPEG/WebP of at most 5 MB. */
export const templateUploadBackground = staffAction(
  'template-upload-background',
  z.object({}),
  (ctx, _input, projectId) =>
    uploadTemplateBackground(
      projectId,
      ctx.files.find((file) => file.field === 'file'),
    ),
);

/** `certificate/template-background` (GET or POST, `key`): the background image itself, raw. */
export const templateBackground = {
  ...staffAction('template-background', certificateBackgroundInput, async (_ctx, input, projectId) => {
    const image = await readTemplateBackground(projectId, input.key);
    return new FileResult(image.body, image.contentType);
  }),
  methods: ['GET', 'POST'] satisfies HttpMethod[],
};

/** Certificate template calls. */
export const certificateActions: ActionDefinition[] = [
  templatePage,
  templateGet,
  templateSave,
  templateStatus,
  templateDelete,
  templateUploadBackground,
  templateBackground,
];
