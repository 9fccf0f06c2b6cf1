import { chooseImageBlob, localDataToBlob } from './choose-image';
import type { WechatJsSdk } from './useWechatJsSdk';

/** A JS-SDK whose chooseImage and getLocalImgData answer as a test says. */
function sdkWith(
  chooseImage: WechatJsSdk['chooseImage'],
  getLocalImgData: WechatJsSdk['getLocalImgData'] = (params) => params.success({ localData: '/9j/4AAQ' }),
): WechatJsSdk {
  return { chooseImage, getLocalImgData } as unknown as WechatJsSdk;
}

/** The bytes of a Blob (jsdom's Blob has no arrayBuffer(); its FileReader reads them). */
const bytesOf = (blob: Blob) =>
  new Promise<number[]>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Array.from(new Uint8Array(reader.result as ArrayBuffer)));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('localDataToBlob', () => {
  it('reads iOS data URLs with their type', async () => {
    const blob = localDataToBlob('data:image/png;base64,iVBORw==');
    expect(blob.type).toBe('image/png');
    expect(await bytesOf(blob)).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('reads Android bare base64 (with line breaks) as a JPEG', async () => {
    const blob = localDataToBlob('/9j/\n4AAQ');
    expect(blob.type).toBe('image/jpeg');
    expect(await bytesOf(blob)).toEqual([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]);
  });

  it('throws on data that is not base64', () => {
    expect(() => localDataToBlob('not base64 at all!')).toThrow();
  });
});

describe('chooseImageBlob', () => {
  it('takes one compressed photo from the camera and reads it', async () => {
    const chooseImage = jest.fn<void, Parameters<WechatJsSdk['chooseImage']>>((params) =>
      params.success({ localIds: ['wxLocalResource://7'], sourceType: 'camera', errMsg: 'chooseImage:ok' }),
    );
    const getLocalImgData = jest.fn<void, Parameters<WechatJsSdk['getLocalImgData']>>((params) =>
      params.success({ localData: '/9j/4AAQ' }),
    );
    const blob = await chooseImageBlob(sdkWith(chooseImage, getLocalImgData), 'camera');
    expect(chooseImage.mock.calls[0]?.[0]).toMatchObject({
      count: 1,
      sizeType: ['compressed'],
      sourceType: ['camera'],
    });
    expect(getLocalImgData.mock.calls[0]?.[0].localId).toBe('wxLocalResource://7');
    expect(blob?.type).toBe('image/jpeg');
  });

  it('resolves null when the student cancels', async () => {
    await expect(
      chooseImageBlob(
        sdkWith((params) => params.cancel()),
        'album',
      ),
    ).resolves.toBeNull();
  });

  it('rejects when WeChat gives no photo or fails', async () => {
    const noPhoto = sdkWith((params) => params.success({ localIds: [], sourceType: 'camera', errMsg: 'ok' }));
    await expect(chooseImageBlob(noPhoto, 'camera')).rejects.toThrow('未获取到照片');
    const failing = sdkWith((params) => params.fail?.({ errMsg: 'chooseImage:fail' }));
    await expect(chooseImageBlob(failing, 'camera')).rejects.toThrow('无法打开相机（chooseImage:fail）');
    const unreadable = sdkWith(
      (params) => params.success({ localIds: ['x'], sourceType: 'camera', errMsg: 'ok' }),
      (params) => params.fail?.({ errMsg: 'getLocalImgData:fail' }),
    );
    await expect(chooseImageBlob(unreadable, 'camera')).rejects.toThrow('照片读取失败');
  });
});
