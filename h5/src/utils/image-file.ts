/** Photos the H5 uploads (face photos and captures): drawn to a canvas and encoded as JPEG in the browser. */

/** The largest face photo or capture the server takes (api face.service FACE_IMAGE_LIMIT_BYTES). */
export const FACE_IMAGE_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * Draws `source` (a video frame, a decoded photo) of `width` x `height` pixels, scaled down so its
 * longest side is at most `maxSide`, and encodes it as a JPEG. Rejects when the browser cannot.
 */
export function drawJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxSide: number,
  quality = 0.9,
): Promise<Blob> {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('当前浏览器不能处理照片'));
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('当前浏览器不能处理照片'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * A photo ready to upload within `limitBytes`: the file itself when it is small enough, else the
 * photo redrawn as a JPEG of at most `maxSide` pixels a side (a phone camera's 12 MP original is
 * larger than the server takes). Rejects when the browser cannot read the photo.
 */
export async function fitPhoto(
  photo: Blob,
  limitBytes = FACE_IMAGE_LIMIT_BYTES,
  maxSide = 1600,
): Promise<Blob> {
  if (photo.size <= limitBytes) return photo;
  if (typeof createImageBitmap !== 'function') throw new Error('照片过大，请选择 5MB 以内的照片');
  const bitmap = await createImageBitmap(photo).catch(() => {
    throw new Error('无法读取该照片，请换一张');
  });
  try {
    return await drawJpeg(bitmap, bitmap.width, bitmap.height, maxSide, 0.85);
  } finally {
    bitmap.close();
  }
}

/** The ID photo's width : height (api contract CMS_PHOTO_RATIO, a passport photo's 33 : 48). */
export const PASSPORT_RATIO = 33 / 48;
/** The width an ID photo is redrawn at (390 px: 33 mm at 300 dpi). */
const PASSPORT_WIDTH = 390;

/**
 * The middle of a photo cropped to the passport ratio (33 : 48, as much of the photo as fits) and
 * redrawn as a JPEG 390 px wide, what `cms-apply/submit` takes. Rejects (with the reason to show)
 * when the browser cannot read the photo or it is too small to print.
 */
export async function cropPassportPhoto(photo: Blob, minWidth = 260): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') throw new Error('当前浏览器不能处理照片');
  const bitmap = await createImageBitmap(photo).catch(() => {
    throw new Error('无法读取该照片，请换一张');
  });
  try {
    const cropWidth = Math.min(bitmap.width, Math.round(bitmap.height * PASSPORT_RATIO));
    const cropHeight = Math.round(cropWidth / PASSPORT_RATIO);
    if (cropWidth < minWidth) throw new Error(`照片过小，宽度至少 ${minWidth} 像素，请换一张`);
    const width = Math.min(PASSPORT_WIDTH, cropWidth);
    const height = Math.round(width / PASSPORT_RATIO);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('当前浏览器不能处理照片');
    const left = Math.round((bitmap.width - cropWidth) / 2);
    const top = Math.round((bitmap.height - cropHeight) / 2);
    context.drawImage(bitmap, left, top, cropWidth, cropHeight, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('当前浏览器不能处理照片'))),
        'image/jpeg',
        0.9,
      ),
    );
  } finally {
    bitmap.close();
  }
}
