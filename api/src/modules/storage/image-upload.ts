import fs from 'node:fs';
import type { UploadedFile } from '../../core/action';
import { BusinessError, ValidationError } from '../../core/errors';
import { ImageError, type ImageInfo, NOT_IMAGE, probeImage } from './image';

/** The file extension a stored image gets, by its format (read from the content). */
export const IMAGE_EXTENSION: Record<ImageInfo['format'], string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** The largest width or height of an uploaded image, in pixels. */
export const IMAGE_MAX_SIDE = 8000;

const FORMAT_NAME: Record<ImageInfo['format'], string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };

/** An uploaded image that passed the checks: its bytes and what they are. */
export interface CheckedImage {
  bytes: Buffer;
  info: ImageInfo;
}

/**
 * Reads an uploaded image and checks it: present, at most `limitBytes`, one of `formats` (PNG, JPEG
 * or WebP unless narrowed) by its content (the name and declared type are ignored), each side at most IMAGE_MAX_SIDE pixels. Writes
 * nothing. Throws ValidationError naming `file` (missing, too large), BusinessError for content
 * that is not such an image or is too large in pixels.
 */
export async function readUploadedImage(
  file: UploadedFile | undefined,
  limitBytes: number,
  formats: readonly ImageInfo['format'][] = ['png', 'jpeg', 'webp'],
): Promise<CheckedImage> {
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
  if (!formats.includes(info.format)) throw new BusinessError(wrongFormat);
  if (info.width > IMAGE_MAX_SIDE || info.height > IMAGE_MAX_SIDE)
    throw new BusinessError(`图片尺寸不能超过 ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} 像素`);
  return { bytes, info };
}
