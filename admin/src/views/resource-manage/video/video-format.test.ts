import { formatDuration, formatFileSize, nameFromFile } from './video-format';

test('formatDuration: minutes and seconds, hours from an hour on', () => {
  expect(formatDuration(0)).toBe('00:00');
  expect(formatDuration(5)).toBe('00:05');
  expect(formatDuration(307)).toBe('05:07');
  expect(formatDuration(3599)).toBe('59:59');
  expect(formatDuration(3723)).toBe('1:02:03');
});

test('formatFileSize: B, KB, MB and GB', () => {
  expect(formatFileSize(820)).toBe('820 B');
  expect(formatFileSize(53_351)).toBe('52.1 KB');
  expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  expect(formatFileSize(1.25 * 1024 * 1024 * 1024)).toBe('1.25 GB');
});

test('nameFromFile: the file name without its extension', () => {
  expect(nameFromFile('安全生产概述.mp4')).toBe('安全生产概述');
  expect(nameFromFile('a.b.MP4')).toBe('a.b');
  expect(nameFromFile('.hidden')).toBe('.hidden');
  expect(nameFromFile('noext')).toBe('noext');
});
