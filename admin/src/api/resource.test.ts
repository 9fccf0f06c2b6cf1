import { callUrl } from '@px/config';
import { api } from './request';
import {
  abortResourceUpload,
  checkResourceUpload,
  completeResourceUpload,
  deleteResource,
  deleteResourceCategory,
  dragResourceCategory,
  getResource,
  getResourceCategoryTree,
  getResourcePlayUrl,
  getResourceUploadStatus,
  initResourceUpload,
  queryResources,
  queryUploadErrors,
  repackageResource,
  saveResource,
  saveResourceCategory,
  sendResourceChunk,
} from './resource';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    upload: jest.fn(() => Promise.resolve(null)),
  },
}));

const callMock = jest.mocked(api.call);
const uploadMock = jest.mocked(api.upload);
/** The URL of the last call of `mock` and what it sent (its body, then its options). */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

beforeEach(() => {
  callMock.mockClear();
  uploadMock.mockClear();
});

describe('resource calls', () => {
  it('post their inputs in the body', async () => {
    const cases: [() => Promise<unknown>, unknown[]][] = [
      [() => getResourceCategoryTree(), ['/resource/category-tree.action', {}]],
      [
        () => getResourceCategoryTree({ quiet: true }),
        ['/resource/category-tree.action', {}, { quiet: true }],
      ],
      [
        () => saveResourceCategory({ name: '安全', parentId: 3 }),
        ['/resource/category-save.action', { name: '安全', parentId: 3 }],
      ],
      [
        () => dragResourceCategory(4, null, 2),
        ['/resource/category-drag.action', { id: 4, parentId: null, index: 2 }],
      ],
      [() => deleteResourceCategory(4), ['/resource/category-delete.action', { id: 4 }]],
      [
        () => queryResources({ pageNum: 2, pageSize: 10, name: '消防', categoryId: 3 }),
        ['/resource/query.action', { pageNum: 2, pageSize: 10, name: '消防', categoryId: 3 }],
      ],
      [() => getResource(9), ['/resource/get.action', { id: 9 }]],
      [
        () => saveResource({ id: 9, name: '新名', categoryId: null }),
        ['/resource/save.action', { id: 9, name: '新名', categoryId: null }],
      ],
      [() => deleteResource(9), ['/resource/delete.action', { id: 9 }]],
      [() => getResourcePlayUrl(9), ['/resource/play-url.action', { id: 9 }]],
      [() => repackageResource(9), ['/resource/repackage.action', { id: 9 }]],
      [
        () => initResourceUpload({ name: '课', fileName: 'a.mp4', fileSize: 100 }),
        ['/resource/upload-init.action', { type: 'video', name: '课', fileName: 'a.mp4', fileSize: 100 }],
      ],
      [() => getResourceUploadStatus('u1'), ['/resource/upload-status.action', { uploadId: 'u1' }]],
      [() => completeResourceUpload('u1'), ['/resource/upload-complete.action', { uploadId: 'u1' }]],
      [
        () => abortResourceUpload('u1'),
        ['/resource/upload-abort.action', { uploadId: 'u1' }, { quiet: true }],
      ],
      [
        () => queryUploadErrors({ pageNum: 1, pageSize: 10, name: 'clip', startDate: '2024-03-01' }),
        [
          '/resource/error-import-video.action',
          { pageNum: 1, pageSize: 10, name: 'clip', startDate: '2024-03-01' },
        ],
      ],
    ];
    for (const [call, expected] of cases) {
      callMock.mockClear();
      await call();
      expect(callMock).toHaveBeenCalledTimes(1);
      expect(sent()).toEqual(expected);
    }
    expect(uploadMock).not.toHaveBeenCalled();
  });

  it('sends files as multipart form data: the chunk with its index, the check with type and size', async () => {
    const progress = jest.fn();
    const controller = new AbortController();
    await sendResourceChunk('u1', 3, new Blob(['abc']), progress, controller.signal);
    expect(uploadMock).toHaveBeenCalledTimes(1);
    const [url, chunk, options] = sent(uploadMock) as [
      string,
      FormData,
      { quiet?: boolean; signal?: AbortSignal; onUploadProgress: (event: { loaded: number }) => void },
    ];
    expect(url).toBe('/resource/upload-chunk.action');
    expect(chunk.get('uploadId')).toBe('u1');
    expect(chunk.get('index')).toBe('3');
    expect((chunk.get('file') as File).size).toBe(3);
    expect(options).toMatchObject({ quiet: true, signal: controller.signal });
    options.onUploadProgress({ loaded: 2 });
    expect(progress).toHaveBeenCalledWith(2);

    await checkResourceUpload('video', new Blob(['head']), {
      fileSize: 1000,
      fileName: '课.mp4',
      name: '课',
    });
    const [checkUrl, check] = sent(uploadMock) as [string, FormData];
    expect(checkUrl).toBe('/resource/check-upload.action');
    expect(check.get('type')).toBe('video');
    expect(check.get('fileSize')).toBe('1000');
    expect(check.get('fileName')).toBe('课.mp4');
    expect(check.get('name')).toBe('课');
    expect((check.get('file') as File).size).toBe(4);
    await checkResourceUpload('video', new Blob(['head']));
    const bare = sent(uploadMock)[1] as FormData;
    expect([bare.has('fileSize'), bare.has('fileName'), bare.has('name')]).toEqual([false, false, false]);
    expect(callMock).not.toHaveBeenCalled();
  });
});
