import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

/**
 * Draws each page of a PDF into a PNG `width` CSS pixels wide (at the device's pixel ratio, at
 * most 2x), with pdf.js (the legacy build, for older WebViews) loaded on first use and its worker
 * shipped with the build (nothing is fetched from elsewhere). Rejects when the PDF cannot be read.
 */
export async function renderPdfPages(pdf: Blob, width: number): Promise<Blob[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const document = await pdfjs.getDocument({ data: new Uint8Array(await pdf.arrayBuffer()) }).promise;
  try {
    const scale = Math.min(2, globalThis.devicePixelRatio || 1);
    const pages: Blob[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * scale });
      const canvas = globalThis.document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      pages.push(
        await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('页面绘制失败'))), 'image/png'),
        ),
      );
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
