/// <reference path="./pdf-parse.d.ts" />
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { type PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
// pdf-parse's entry runs a self-test when loaded from the top; its library file does not.
import pdfParse from 'pdf-parse/lib/pdf-parse.js';

/**
 * Reading certificate PDFs back in tests: their text (pdf.js through pdf-parse), and the QR codes
 * of their embedded images (each RGB image inflated and handed to jsQR).
 */

/** The text of a PDF, as a viewer extracts it. */
export async function readPdfText(pdf: Buffer): Promise<string> {
  return (await pdfParse(pdf)).text;
}

/** The QR codes found in the PDF's embedded RGB images, decoded. */
export async function decodePdfQrCodes(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const found: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    if (dict.get(PDFName.of('Filter')) !== PDFName.of('FlateDecode')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const rgbBytes = inflateSync(object.contents);
    if (rgbBytes.length < width * height * 3) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba[i * 4] = rgbBytes[i * 3] as number;
      rgba[i * 4 + 1] = rgbBytes[i * 3 + 1] as number;
      rgba[i * 4 + 2] = rgbBytes[i * 3 + 2] as number;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
