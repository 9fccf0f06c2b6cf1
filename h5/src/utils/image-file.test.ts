import { drawJpeg, FACE_IMAGE_LIMIT_BYTES, fitPhoto } from './image-file';

/** A canvas that encodes (jsdom has none): records what was drawn and at which size. */
function stubCanvas(encoded: Blob | null = new Blob(['jpeg'], { type: 'image/jpeg' })) {
  const drawImage = jest.fn();
  const getContext = jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  const sizes: [number, number, string | undefined, number | undefined][] = [];
  const toBlob = jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
    quality,
  ) {
    sizes.push([this.width, this.height, type, quality]);
    callback(encoded);
  });
  return {
    drawImage,
    sizes,
    restore() {
      getContext.mockRestore();
      toBlob.mockRestore();
    },
  };
}

describe('drawJpeg', () => {
  it('scales the longest side down to the limit and encodes a JPEG', async () => {
    const canvas = stubCanvas();
    const source = document.createElement('canvas');
    const blob = await drawJpeg(source, 1920, 1080, 960, 0.8);
    expect(blob.type).toBe('image/jpeg');
    expect(canvas.sizes).toEqual([[960, 540, 'image/jpeg', 0.8]]);
    expect(canvas.drawImage).toHaveBeenCalledWith(source, 0, 0, 960, 540);
    canvas.restore();
  });

  it('keeps a small picture at its size, and rejects when nothing can be encoded', async () => {
    const canvas = stubCanvas(null);
    await expect(drawJpeg(document.createElement('canvas'), 640, 480, 960)).rejects.toThrow(
      '当前浏览器不能处理照片',
    );
    expect(canvas.sizes[0]?.slice(0, 2)).toEqual([640, 480]);
    canvas.restore();
  });
});

describe('fitPhoto', () => {
  afterEach(() => Reflect.deleteProperty(globalThis, 'createImageBitmap'));

  it('sends a photo within the limit as it is', async () => {
    const photo = new Blob(['small'], { type: 'image/png' });
    await expect(fitPhoto(photo)).resolves.toBe(photo);
  });

  it('redraws a larger photo as a JPEG of at most 1600 px a side', async () => {
    const canvas = stubCanvas();
    const close = jest.fn();
    Object.assign(globalThis, {
      createImageBitmap: jest.fn(() => Promise.resolve({ width: 4000, height: 3000, close })),
    });
    const large = new Blob([new Uint8Array(FACE_IMAGE_LIMIT_BYTES + 1)], { type: 'image/jpeg' });
    const fitted = await fitPhoto(large);
    expect(fitted.type).toBe('image/jpeg');
    expect(canvas.sizes).toEqual([[1600, 1200, 'image/jpeg', 0.85]]);
    expect(close).toHaveBeenCalled();
    canvas.restore();
  });

  it('says so when a large photo cannot be read', async () => {
    const large = new Blob([new Uint8Array(16)], { type: 'image/heic' });
    await expect(fitPhoto(large, 8)).rejects.toThrow('照片过大，请选择 5MB 以内的照片');
    Object.assign(globalThis, { createImageBitmap: jest.fn(() => Promise.reject(new Error('decode'))) });
    await expect(fitPhoto(large, 8)).rejects.toThrow('无法读取该照片，请换一张');
  });
});
