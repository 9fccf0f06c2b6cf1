/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import { saveBlobAs } from './save-blob';

describe('saveBlobAs', () => {
  it('clicks a temporary download link of an object URL, then lets the URL go', () => {
    jest.useFakeTimers();
    const createObjectURL = jest.fn(() => 'blob:px/1');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const blob = new Blob(['x']);
    saveBlobAs(blob, '班级列表.xlsx');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:px/1', download: '班级列表.xlsx' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:px/1');
    click.mockRestore();
    jest.useRealTimers();
  });
});
