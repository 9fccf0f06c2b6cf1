import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import {
  CERTIFICATE_LINE_HEIGHT,
  type CertificateDataKey,
  type CertificateField,
} from '../../contract/certificate';
import {
  CERTIFICATE_KIND_LABELS,
  type CertificateSnapshot,
  SKILL_LEVEL_LABELS,
} from '../../contract/my-certificate';
import { apiPath } from '../../paths';

/**
 * The certificate PDF (A4), drawn on the server with pdf-lib: the certificate's template (background
 * image and positioned fields, mapped from the template's pixels onto A4 of the same orientation)
 * or, without one, a plain default layout. Chinese text is set in the WenQuanYi Micro Hei font
 * shipped in `api/assets/fonts/`, embedded as a subset of the glyphs used. The QR code holds the
 * public query address.
 */

/** A4 in PDF points. */
export const A4 = { long: 841.89, short: 595.28 } as const;

const FONT_FILE = apiPath('assets', 'fonts', 'wqy-microhei.ttf');
let fontBytes: Buffer | null = null;
/** The shipped CJK font, read once (other PDFs of the product set their Chinese text in it too). */
export function cjkFont(): Buffer {
  fontBytes ??= readFileSync(FONT_FILE);
  return fontBytes;
}

/** The template a certificate prints with (its background's bytes already read), or none. */
export interface PdfTemplate {
  width: number;
  height: number;
  fields: CertificateField[];
  background: { bytes: Buffer; contentType: string } | null;
}

/** What a PDF prints: the snapshot, the codes, the issuer and the query address of the QR code. */
export interface PdfCertificate extends CertificateSnapshot {
  certificateNo: string;
  verifyCode: string;
  /** The issuer printed: the project's title, or a skill certificate's issuing organisation. */
  projectTitle: string;
  queryUrl: string;
}

const hoursText = (hours: number) => `${hours} 学时`;

/** `2026-11-26` as `2026年11月26日`. */
export function chineseDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${year}年${Number(month)}月${Number(day)}日`;
}

/** The text each certificate value prints. */
export function fieldValues(
  certificate: PdfCertificate,
): Record<Exclude<CertificateDataKey, 'qrCode'>, string> {
  return {
    studentName: certificate.studentName,
    idCardNo: certificate.idCardNo,
    className: certificate.className,
    year: `${certificate.year}`,
    publicHours: hoursText(certificate.publicHours),
    specializedHours: hoursText(certificate.specializedHours),
    electiveHours: hoursText(certificate.electiveHours),
    totalHours: hoursText(certificate.totalHours),
    score: certificate.score === null ? '—' : `${certificate.score} 分`,
    issueDate: chineseDate(certificate.issueDate),
    skillName: certificate.skillName ?? '—',
    skillLevel: certificate.skillLevel ? SKILL_LEVEL_LABELS[certificate.skillLevel] : '—',
    assessDate: certificate.assessDate ? chineseDate(certificate.assessDate) : '—',
    certificateNo: certificate.certificateNo,
    verifyCode: certificate.verifyCode,
    projectTitle: certificate.projectTitle,
  };
}

const colorOf = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );

/** The QR code of the query address as a PNG. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { errorCorrectionLevel: 'M', margin: 2, width: 300, type: 'png' });
}

/** A line of text in a box of a PDF page. */
export interface TextBox {
  text: string;
  /** Top-left corner and width, in points from the page's top-left. */
  x: number;
  top: number;
  width: number;
  size: number;
  color?: string;
  bold?: boolean;
  align?: CertificateField['align'];
}

/**
 * Draws one line of text in its box: shrunk to fit the width, aligned, its baseline placed so the
 * line sits in the box's height; bold is drawn as a second pass a hair to the right (the font has
 * no bold face).
 */
export function drawText(page: PDFPage, font: PDFFont, box: TextBox): void {
  let size = box.size;
  let width = font.widthOfTextAtSize(box.text, size);
  if (width > box.width && width > 0) {
    size = Math.max(4, (size * box.width) / width);
    width = font.widthOfTextAtSize(box.text, size);
  }
  const offset =
    box.align === 'center' ? (box.width - width) / 2 : box.align === 'right' ? box.width - width : 0;
  const lineHeight = box.size * CERTIFICATE_LINE_HEIGHT;
  const baseline = page.getHeight() - box.top - (lineHeight + size * 0.7) / 2;
  const options = { y: baseline, size, font, color: colorOf(box.color ?? '#333333') };
  page.drawText(box.text, { ...options, x: box.x + offset });
  if (box.bold) page.drawText(box.text, { ...options, x: box.x + offset + size * 0.03 });
}

async function embedImage(
  doc: PDFDocument,
  image: { bytes: Buffer; contentType: string },
): Promise<PDFImage | null> {
  if (image.contentType === 'image/png') return doc.embedPng(image.bytes);
  if (image.contentType === 'image/jpeg') return doc.embedJpg(image.bytes);
  return null; // WebP: pdf-lib cannot embed it; the page stays plain (docs/product-decisions.md).
}

/** The certificate drawn from a template, scaled uniformly onto A4 of the template's orientation and centred. */
async function drawFromTemplate(
  doc: PDFDocument,
  font: PDFFont,
  template: PdfTemplate,
  certificate: PdfCertificate,
): Promise<void> {
  const landscape = template.width >= template.height;
  const [pageWidth, pageHeight] = landscape ? [A4.long, A4.short] : [A4.short, A4.long];
  const page = doc.addPage([pageWidth, pageHeight]);
  const scale = Math.min(pageWidth / template.width, pageHeight / template.height);
  const left = (pageWidth - template.width * scale) / 2;
  const topMargin = (pageHeight - template.height * scale) / 2;
  if (template.background) {
    const image = await embedImage(doc, template.background);
    if (image)
      page.drawImage(image, {
        x: left,
        y: topMargin,
        width: template.width * scale,
        height: template.height * scale,
      });
  }
  const values = fieldValues(certificate);
  for (const field of template.fields) {
    const x = left + field.x * scale;
    const top = topMargin + field.y * scale;
    if (field.key === 'qrCode') {
      const qr = await doc.embedPng(await qrPng(certificate.queryUrl));
      const side = field.width * scale;
      page.drawImage(qr, { x, y: pageHeight - top - side, width: side, height: side });
      continue;
    }
    const text = field.key === 'text' ? (field.text ?? '') : values[field.key];
    drawText(page, font, {
      text,
      x,
      top,
      width: field.width * scale,
      size: field.fontSize * scale,
      color: field.color,
      bold: field.bold,
      align: field.align,
    });
  }
}

/**
 * The default layout (no template): A4 landscape, a double frame, the title, the values in rows
 * (a skill certificate: skill, level, score, assessment date, issuer), the QR code.
 */
async function drawDefault(doc: PDFDocument, font: PDFFont, certificate: PdfCertificate): Promise<void> {
  const page = doc.addPage([A4.long, A4.short]);
  const frame = rgb(0.72, 0.57, 0.28);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: A4.long - 48,
    height: A4.short - 48,
    borderColor: frame,
    borderWidth: 6,
  });
  page.drawRectangle({
    x: 38,
    y: 38,
    width: A4.long - 76,
    height: A4.short - 76,
    borderColor: frame,
    borderWidth: 1,
  });
  const values = fieldValues(certificate);
  const title =
    certificate.kind === 'YEAR' ? '学时证明' : certificate.kind === 'SKILL' ? '职业技能等级证书' : '结业证书';
  drawText(page, font, {
    text: title,
    x: 60,
    top: 64,
    width: A4.long - 120,
    size: 40,
    color: '#8b1a1a',
    bold: true,
    align: 'center',
  });
  drawText(page, font, {
    text: values.projectTitle,
    x: 60,
    top: 124,
    width: A4.long - 120,
    size: 16,
    color: '#555555',
    align: 'center',
  });
  const skillRows: [string, string][] = [
    ['姓名', values.studentName],
    ['身份证号', values.idCardNo],
    ['职业/工种', values.skillName],
    ['技能等级', values.skillLevel],
    ['考核成绩', values.score],
    ['考核日期', values.assessDate],
    ['发证单位', values.projectTitle],
  ];
  const rows: [string, string][] =
    certificate.kind === 'SKILL'
      ? skillRows
      : [
          ['姓名', values.studentName],
          ['身份证号', values.idCardNo],
          [
            certificate.kind === 'YEAR' ? '证书类型' : '班级名称',
            certificate.kind === 'YEAR' ? CERTIFICATE_KIND_LABELS.YEAR : values.className,
          ],
          ['年度', values.year],
          ['公需学时', values.publicHours],
          ['专业学时', values.specializedHours],
          ['选修学时', values.electiveHours],
          ['总学时', values.totalHours],
          ...(certificate.kind === 'CLASS' ? ([['考试成绩', values.score]] as [string, string][]) : []),
        ];
  rows.forEach(([label, value], index) => {
    const top = 170 + index * 30;
    drawText(page, font, { text: label, x: 110, top, width: 100, size: 15, color: '#555555' });
    drawText(page, font, {
      text: value,
      x: 220,
      top,
      width: 360,
      size: 15,
      color: '#222222',
      bold: index === 0,
    });
  });
  drawText(page, font, {
    text: `证书编号  ${values.certificateNo}`,
    x: 110,
    top: 480,
    width: 400,
    size: 12,
    color: '#555555',
  });
  drawText(page, font, {
    text: `验证码  ${values.verifyCode}`,
    x: 110,
    top: 500,
    width: 400,
    size: 12,
    color: '#555555',
  });
  drawText(page, font, {
    text: `发证日期  ${values.issueDate}`,
    x: 110,
    top: 520,
    width: 400,
    size: 12,
    color: '#555555',
  });
  const qr = await doc.embedPng(await qrPng(certificate.queryUrl));
  page.drawImage(qr, { x: A4.long - 60 - 130, y: 90, width: 130, height: 130 });
  drawText(page, font, {
    text: '扫码查验证书',
    x: A4.long - 60 - 130,
    top: A4.short - 86,
    width: 130,
    size: 11,
    color: '#555555',
    align: 'center',
  });
}

/** Renders a certificate as an A4 PDF: from its template when it has one, else the default layout. */
export async function renderCertificatePdf(
  certificate: PdfCertificate,
  template: PdfTemplate | null,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${certificate.className} ${certificate.studentName}`);
  doc.setCreator(certificate.projectTitle);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  if (template) await drawFromTemplate(doc, font, template, certificate);
  else await drawDefault(doc, font, certificate);
  return Buffer.from(await doc.save());
}
