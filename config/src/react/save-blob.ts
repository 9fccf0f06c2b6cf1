/// <reference lib="dom" />
// Browser-only (the back office and the H5 site): config's own tsconfig has no DOM library.

/** Offers `blob` to the browser as a download named `fileName` (a temporary object URL and link). */
export function saveBlobAs(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
