import type { JsApiName, WechatJsSdk } from './useWechatJsSdk';

/** The JS-SDK interfaces that take a photo and read it (face checks inside WeChat). */
export const CHOOSE_IMAGE_JS_API_LIST: readonly JsApiName[] = ['chooseImage', 'getLocalImgData'];

/** Where WeChat's image picker takes the photo from. */
export type ImageSource = 'camera' | 'album';

/**
 * Turns `wx.getLocalImgData`'s `localData` into a Blob: iOS answers a data URL
 * (`data:image/jpeg;base64,...`), Android the bare base64 of a JPEG. Throws on data that is not base64.
 */
export function localDataToBlob(localData: string): Blob {
  const match = /^data:([^;,]+)?(?:;base64)?,/.exec(localData);
  const type = match?.[1] ?? 'image/jpeg';
  const base64 = (match ? localData.slice(match[0].length) : localData).replace(/\s/g, '');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new Blob([bytes], { type });
}

/**
 * Takes one photo with WeChat's own picker (`wx.chooseImage`, compressed, from `source`; which
 * camera it opens is the student's choice in WeChat's camera) and reads it (`wx.getLocalImgData`).
 * Resolves with the photo, or null when the student cancelled; rejects with an Error when WeChat
 * fails or gives no photo.
 */
export function chooseImageBlob(sdk: WechatJsSdk, source: ImageSource): Promise<Blob | null> {
  return new Promise((resolve, reject) => {
    const failed = (what: string) => (result?: { errMsg?: string }) =>
      reject(new Error(result?.errMsg ? `${what}（${result.errMsg}）` : what));
    sdk.chooseImage({
      count: 1,
      sizeType: ['compressed'],
      sourceType: [source],
      success: (chosen) => {
        const localId = chosen.localIds?.[0];
        if (!localId) {
          failed('未获取到照片')();
          return;
        }
        sdk.getLocalImgData({
          localId,
          success: ({ localData }) => {
            try {
              resolve(localDataToBlob(localData));
            } catch {
              failed('照片读取失败')();
            }
          },
          fail: failed('照片读取失败'),
        });
      },
      cancel: () => resolve(null),
      fail: failed('无法打开相机'),
    });
  });
}
