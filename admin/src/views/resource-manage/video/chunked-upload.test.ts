import type { ResourceItem, ResourceUploadState } from '@px/api/contract';
import { ApiError } from '@px/config';
import { feedback } from '../../../api/feedback';
import {
  abortResourceUpload,
  checkResourceUpload,
  completeResourceUpload,
  getResourceUploadStatus,
  initResourceUpload,
  sendResourceChunk,
} from '../../../api/resource';
import { CHECK_HEAD_BYTES, type UploadProgress, uploadVideoInChunks } from './chunked-upload';

jest.mock('../../../api/resource', () => ({
  checkResourceUpload: jest.fn(),
  initResourceUpload: jest.fn(),
  getResourceUploadStatus: jest.fn(),
  sendResourceChunk: jest.fn(),
  completeResourceUpload: jest.fn(),
  abortResourceUpload: jest.fn(),
}));
jest.mock('../../../api/feedback', () => ({
  feedback: { showErrorMessage: jest.fn(), showNotice: jest.fn() },
}));

const checkMock = jest.mocked(checkResourceUpload);
const initMock = jest.mocked(initResourceUpload);
const statusMock = jest.mocked(getResourceUploadStatus);
const chunkMock = jest.mocked(sendResourceChunk);
const completeMock = jest.mocked(completeResourceUpload);
const abortMock = jest.mocked(abortResourceUpload);
const errorMock = jest.mocked(feedback.showErrorMessage);

/** A file of 25 bytes `abcdefghij…`, so chunks can be told apart. */
const BYTES = 'abcdefghijklmnopqrstuvwxy';
const file = () => new File([BYTES], '消防演练.mp4', { type: 'video/mp4' });
const STATE: ResourceUploadState = {
  uploadId: 'u-1',
  chunkSize: 10,
  chunkCount: 3,
  received: [],
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const RESOURCE = { id: 7, name: '消防演练' } as ResourceItem;

/** A blob's text (jsdom's Blob has no `text()`). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** What each sendResourceChunk call carried: index and text. */
async function sentChunks(): Promise<[number, string][]> {
  return Promise.all(
    chunkMock.mock.calls.map(
      async ([, index, blob]) => [index, await textOf(blob as Blob)] as [number, string],
    ),
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  checkMock.mockResolvedValue({
    type: 'video',
    contentType: 'video/mp4',
    size: 25,
    durationSeconds: null,
    width: null,
    height: null,
  });
  initMock.mockResolvedValue(STATE);
  chunkMock.mockImplementation(async (_id, index, blob, onProgress) => {
    onProgress?.((blob as Blob).size);
    return { uploadId: 'u-1', index, size: (blob as Blob).size };
  });
  completeMock.mockResolvedValue(RESOURCE);
  abortMock.mockResolvedValue(null);
});

describe('uploadVideoInChunks', () => {
  it('checks the head, announces the file, sends every chunk in order with progress, completes', async () => {
    const progress: UploadProgress[] = [];
    const onUploadId = jest.fn();
    const resource = await uploadVideoInChunks({
      file: file(),
      name: '消防演练',
      categoryId: 4,
      onProgress: (p) => progress.push(p),
      onUploadId,
    });
    expect(resource).toBe(RESOURCE);
    const [type, head, meta] = checkMock.mock.calls[0] ?? [];
    expect([type, (head as Blob).size]).toEqual(['video', Math.min(CHECK_HEAD_BYTES, 25)]);
    // The check names the file, so a refusal lands in the upload error log.
    expect(meta).toEqual({ fileSize: 25, fileName: '消防演练.mp4', name: '消防演练' });
    expect(initMock).toHaveBeenCalledWith({
      name: '消防演练',
      fileName: '消防演练.mp4',
      fileSize: 25,
      categoryId: 4,
    });
    expect(onUploadId).toHaveBeenCalledWith('u-1');
    expect(await sentChunks()).toEqual([
      [0, 'abcdefghij'],
      [1, 'klmnopqrst'],
      [2, 'uvwxy'],
    ]);
    expect(completeMock).toHaveBeenCalledWith('u-1');
    expect(progress[0]).toEqual({ phase: 'checking', sent: 0, total: 25, percent: 0 });
    expect(progress.filter((p) => p.phase === 'uploading').map((p) => p.sent)).toEqual([
      0, 10, 10, 20, 20, 25, 25,
    ]);
    expect(progress.at(-1)).toEqual({ phase: 'verifying', sent: 25, total: 25, percent: 100 });
    expect(abortMock).not.toHaveBeenCalled();
  });

  it('retries a chunk after a network failure', async () => {
    chunkMock.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    await uploadVideoInChunks({ file: file(), name: 'x' });
    expect((await sentChunks()).map(([index]) => index)).toEqual([0, 0, 1, 2]);
    expect(errorMock).not.toHaveBeenCalled();
  });

  it('after the last attempt a network failure is shown and the upload kept for a resume', async () => {
    chunkMock.mockRejectedValue(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    await expect(uploadVideoInChunks({ file: file(), name: 'x', attempts: 2 })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(chunkMock).toHaveBeenCalledTimes(2);
    expect(errorMock).toHaveBeenCalledWith('请求超时，请刷新页面');
    expect(abortMock).not.toHaveBeenCalled();
    expect(completeMock).not.toHaveBeenCalled();
  });

  it('a refused chunk stops at once, is shown, and drops the upload', async () => {
    chunkMock.mockRejectedValueOnce(
      new ApiError({ kind: 'error', code: -1, message: '文件内容不是 MP4 视频，已取消上传' }),
    );
    await expect(uploadVideoInChunks({ file: file(), name: 'x' })).rejects.toThrow(
      '文件内容不是 MP4 视频，已取消上传',
    );
    expect(chunkMock).toHaveBeenCalledTimes(1);
    expect(errorMock).toHaveBeenCalledWith('文件内容不是 MP4 视频，已取消上传');
    expect(abortMock).toHaveBeenCalledWith('u-1');
  });

  it('a refused head check sends nothing', async () => {
    checkMock.mockRejectedValue(new ApiError({ kind: 'error', code: -1, message: '文件内容不是 MP4 视频' }));
    await expect(uploadVideoInChunks({ file: file(), name: 'x' })).rejects.toThrow('文件内容不是 MP4 视频');
    expect(initMock).not.toHaveBeenCalled();
    expect(chunkMock).not.toHaveBeenCalled();
  });

  it('resumes an upload: only the chunks it lacks are sent', async () => {
    statusMock.mockResolvedValue({ ...STATE, received: [0, 2] });
    const progress: UploadProgress[] = [];
    await uploadVideoInChunks({
      file: file(),
      name: 'x',
      resumeUploadId: 'u-1',
      onProgress: (p) => progress.push(p),
    });
    expect(initMock).not.toHaveBeenCalled();
    expect(statusMock).toHaveBeenCalledWith('u-1');
    expect(await sentChunks()).toEqual([[1, 'klmnopqrst']]);
    expect(progress.find((p) => p.phase === 'uploading')?.sent).toBe(15);
    expect(completeMock).toHaveBeenCalledWith('u-1');
  });

  it('a cancellation drops the upload on the server', async () => {
    const controller = new AbortController();
    chunkMock.mockImplementationOnce(async (_id, index, blob) => {
      controller.abort();
      return { uploadId: 'u-1', index, size: (blob as Blob).size };
    });
    await expect(
      uploadVideoInChunks({ file: file(), name: 'x', signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(chunkMock).toHaveBeenCalledTimes(1);
    expect(abortMock).toHaveBeenCalledWith('u-1');
    expect(completeMock).not.toHaveBeenCalled();
  });
});
