import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { DataTypes } from 'sequelize';
import type { ActorScope, UploadedFile } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { ImageError, type ImageInfo, NOT_IMAGE, probeImage } from './image';

/** The file extension a stored image gets, by its format (read from the content). */
export const IMAGE_EXTENSION: Record<ImageInfo['format'], string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
};

/** The largest width or height of an uploaded image, in pixels. */
export const IMAGE_MAX_SIDE = 8000;

const FORMAT_NAME: Record<ImageInfo['format'], string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
};

type ImageFormat = ImageInfo['format'];

/** What an image of one of `F` is. */
export type ImageInfoOf<F extends ImageFormat> = ImageInfo & { format: F; contentType: `image/${F}` };

/** An uploaded image that passed the checks: its bytes and what they are. */
export interface CheckedImage<F extends ImageFormat = 'png' | 'jpeg' | 'webp'> {
  bytes: Buffer;
  info: ImageInfoOf<F>;
}

/** The formats a feature takes unless it names others: the ones every browser and pdf tool reads well. */
const DEFAULT_FORMATS = ['png', 'jpeg', 'webp'] as const;

/**
 * Reads an uploaded image and checks it: present, at most `limitBytes`, one of `formats` (PNG, JPEG
 * or WebP unless narrowed) by its content (the name and declared type are ignored), each side at most IMAGE_MAX_SIDE pixels. Writes
 * nothing. Throws ValidationError naming `file` (missing, too large), BusinessError for content
 * that is not such an image or is too large in pixels.
 */
export async function readUploadedImage<F extends ImageFormat = (typeof DEFAULT_FORMATS)[number]>(
  file: UploadedFile | undefined,
  limitBytes: number,
  formats: readonly F[] = DEFAULT_FORMATS as readonly ImageFormat[] as readonly F[],
): Promise<CheckedImage<F>> {
  if (!file || file.size === 0)
    throw new ValidationError([{ field: 'file', rule: 'required', message: '请选择图片' }]);
  if (file.size > limitBytes) {
    const megabytes = Math.round((limitBytes / 1024 / 1024) * 10) / 10;
    throw new ValidationError([{ field: 'file', rule: 'max', message: `图片不能超过 ${megabytes} MB` }]);
  }
  const bytes = await fs.promises.readFile(file.path);
  const wrongFormat = `图片格式不正确，仅支持 ${formats.map((format) => FORMAT_NAME[format]).join('、')} 格式`;
  let info: ImageInfo;
  try {
    info = probeImage(bytes);
  } catch (error) {
    if (error instanceof ImageError)
      throw new BusinessError(error.message === NOT_IMAGE ? wrongFormat : error.message);
    throw error;
  }
  if (!isOneOf(info, formats)) throw new BusinessError(wrongFormat);
  if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE)
    throw new BusinessError(`图片尺寸不能超过 ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} 像素`);
  return { bytes, info };
}

function isOneOf<F extends ImageFormat>(info: ImageInfo, formats: readonly F[]): info is ImageInfoOf<F> {
  return (formats as readonly ImageFormat[]).includes(info.format);
}

/** The model attributes of a table of stored images (`StoredImageRecord`, and when it was made). */
export const storedImageAttributes = {
  id: { type: DataTypes.UUID, primaryKey: true },
  projectId: { type: DataTypes.INTEGER, allowNull: false },
  storageKey: { type: DataTypes.STRING(255), allowNull: false },
  contentType: { type: DataTypes.STRING(32), allowNull: false },
  width: { type: DataTypes.INTEGER, allowNull: false },
  height: { type: DataTypes.INTEGER, allowNull: false },
  size: { type: DataTypes.INTEGER, allowNull: false },
  sha256: { type: DataTypes.CHAR(64), allowNull: false },
  createdBy: { type: DataTypes.INTEGER, allowNull: true },
  createdAt: DataTypes.DATE,
} as const;

/** What a table of stored images keeps of each (banner images, uploaded images). */
export interface StoredImageRecord<F extends ImageFormat = ImageFormat> {
  id: string;
  projectId: number;
  storageKey: string;
  contentType: `image/${F}`;
  width: number;
  height: number;
  size: number;
  sha256: string;
  createdBy: number;
}

/**
 * Stores a checked image under `<folder>/<project>/<id>.<ext>` of the file storage and records it
 * with `record` (the feature's table); when recording fails the stored file is removed, so a
 * refused upload leaves nothing behind.
 */
export async function storeCheckedImage<F extends ImageFormat, T>(
  scope: ActorScope,
  { bytes, info }: CheckedImage<F>,
  folder: string,
  record: (row: StoredImageRecord<F>) => Promise<T>,
): Promise<T> {
  const projectId = scope.project.id;
  const id = randomUUID();
  const key = `${folder}/${projectId}/${id}.${IMAGE_EXTENSION[info.format]}`;
  const { storage } = scope.providers;
  await storage.put(key, bytes);
  try {
    return await record({
      id,
      projectId,
      storageKey: key,
      contentType: info.contentType,
      width: info.width,
      height: info.height,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdBy: scope.principal.accountId,
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}
