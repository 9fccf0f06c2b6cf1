import { certificateCalls } from '../../contract/certificate';
import { FileResult, implement } from '../../core/action';
import {
  deleteTemplate,
  getTemplate,
  pageTemplates,
  readTemplateBackground,
  saveTemplate,
  setTemplateStatus,
  uploadTemplateBackground,
} from './certificate-template.service';

/** The certificate template calls (`certificate/...`): project staff on their project's templates. */
export const certificateActions = implement(certificateCalls, {
  'template-page': (ctx, input) => pageTemplates(ctx, input),
  'template-get': (ctx, input) => getTemplate(ctx, input.id),
  'template-save': (ctx, input) => saveTemplate(ctx, input),
  'template-status': (ctx, input) => setTemplateStatus(ctx, input.id, input.status),
  'template-delete': async (ctx, input) => {
    await deleteTemplate(ctx, input.id);
    return null;
  },
  'template-upload-background': (ctx) =>
    uploadTemplateBackground(
      ctx,
      ctx.files.find((file) => file.field === 'file'),
    ),
  'template-background': async (ctx, input) => {
    const image = await readTemplateBackground(ctx, input.key);
    return new FileResult(image.body, image.contentType);
  },
});
