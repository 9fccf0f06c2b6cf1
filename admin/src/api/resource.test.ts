import { request } from './request';
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
  saveResource,
  saveResourceCategory,
  sendResourceChunk,
} from './resource';

jest.mock('./request', () => ({ request: jest.fn(() => Promise.resolve(null)) }));

const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockClear());

const lastConfig = () => requestMock.mock.calls.at(-1)?.[0] as { url: string; data: unknown };

describe('resource calls', () => {
  it('post their inputs in the body', async () => {
    const cases: [() => Promise<unknown>, string, unknown][] = [
      [() => getResourceCategoryTree(), '/resource/category-tree.action', {}],
      [
        () => saveResourceCategory({ name: '安全', parentId: 3 }),
        '/resource/category-save.action',
        { name: '安全', parentId: 3 },
      ],
      [
        () => dragResourceCategory(4, null, 2),
        '/resource/category-drag.action',
        { id: 4, parentId: null, index: 2 },
      ],
      [() => deleteResourceCategory(4), '/resource/category-delete.action', { id: 4 }],
      [
        () => queryResources({ pageNum: 2, pageSize: 10, name: '消防', categoryId: 3 }),
        '/resource/query.action',
        { pageNum: 2, pageSize: 10, name: '消防', categoryId: 3 },
      ],
      [() => getResource(9), '/resource/get.action', { id: 9 }],
      [
        () => saveResource({ id: 9, name: '新名', categoryId: null }),
        '/resource/save.action',
        { id: 9, name: '新名', categoryId: null },
      ],
      [() => deleteResource(9), '/resource/delete.action', { id: 9 }],
      [() => getResourcePlayUrl(9), '/resource/play-url.action', { id: 9 }],
      [
        () => initResourceUpload({ name: '课', fileName: 'a.mp4', fileSize: 100 }),
        '/resource/upload-init.action',
        { type: 'video', name: '课', fileName: 'a.mp4', fileSize: 100 },
      ],
      [() => getResourceUploadStatus('u1'), '/resource/upload-status.action', { uploadId: 'u1' }],
      [() => completeResourceUpload('u1'), '/resource/upload-complete.action', { uploadId: 'u1' }],
      [() => abortResourceUpload('u1'), '/resource/upload-abort.action', { uploadId: 'u1' }],
      [
        () => queryUploadErrors({ pageNum: 1, pageSize: 10, name: 'clip', startDate: '2024-03-01' }),
        '/resource/error-import-video.action',
        { pageNum: 1, pageSize: 10, name: 'clip', startDate: '2024-03-01' },
      ],
    ];
    for (const [call, url, data] of cases) {
      await call();
      expect(lastConfig()).toMatchObject({ url, method: 'post', data });
    }
  });

  it('sends files as multipart form data: the chunk with its index, the check with type and size', async () => {
    const progress = jest.fn();
    await sendResourceChunk('u1', 3, new Blob(['abc']), progress);
    const chunk = requestMock.mock.calls.at(-1);
    const config = chunk?.[0] as {
      url: string;
      data: FormData;
      onUploadProgress: (event: { loaded: number }) => void;
    };
    expect(config.url).toBe('/resource/upload-chunk.action');
    expect(config.data.get('uploadId')).toBe('u1');
    expect(config.data.get('index')).toBe('3');
    expect((config.data.get('file') as File).size).toBe(3);
    expect(chunk?.[1]).toEqual({ quiet: true });
    config.onUploadProgress({ loaded: 2 });
    expect(progress).toHaveBeenCalledWith(2);

    await checkResourceUpload('video', new Blob(['head']), {
      fileSize: 1000,
      fileName: '课.mp4',
      name: '课',
    });
    const check = lastConfig() as { url: string; data: FormData };
    expect(check.url).toBe('/resource/check-upload.action');
    expect(check.data.get('type')).toBe('video');
    expect(check.data.get('fileSize')).toBe('1000');
    expect(check.data.get('fileName')).toBe('课.mp4');
    expect(check.data.get('name')).toBe('课');
    expect((check.data.get('file') as File).size).toBe(4);
    await checkResourceUpload('video', new Blob(['head']));
    const bare = (lastConfig() as { data: FormData }).data;
    expect([bare.has('fileSize'), bare.has('fileName'), bare.has('name')]).toEqual([false, false, false]);
  });
});
