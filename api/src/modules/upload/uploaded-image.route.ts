import type { Middleware } from 'koa';
import { UPLOADED_IMAGE_PATH_PREFIX } from '../../contract/upload';
import type { Providers } from '../../core/action';
import type { RequestState } from '../../core/request-context';
import { storedImageRoute } from '../storage/stored-image-route';
import { UploadedImage } from './upload.model';
import { uploadedImageUrl } from './upload.presenter';

/**
 * The public route of uploaded images: `GET|HEAD /api/uploaded-image/<id>.<ext>` (see
 * `storedImageRoute`: long-lived caching, ETag, 404 for an unknown id or a wrong extension).
 */
export function uploadedImageRoute(providers: Pick<Providers, 'storage'>): Middleware<RequestState> {
  return storedImageRoute<UploadedImage>({
    prefix: UPLOADED_IMAGE_PATH_PREFIX,
    pattern: /^\/api\/uploaded-image\/([0-9a-f-]{36})\.(png|jpg|gif|webp)$/,
    // Ids are random UUIDs: the public URL names the image of whichever project has it.
    find: (id) => UploadedImage.findOne({ where: { id }, allTenants: true }),
    urlOf: uploadedImageUrl,
    storage: providers.storage,
  });
}
