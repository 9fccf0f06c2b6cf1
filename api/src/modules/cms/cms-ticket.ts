import type { Readable } from 'node:stream';
import fontkit from '@pdf-lib/fontkit';
import { maskIdCardNumber } from '@px/config';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { SKILL_LEVEL_LABELS } from '../../contract/my-certificate';
import { type ActorScope, FileResult, type TenantScope } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { Account } from '../account/account.model';
import { A4, cjkFont, drawText, qrPng } from '../my-certificate/certificate-pdf';
import { CmsBatch, CmsSitting } from './cms.model';
import { CMS_APPLY_NOT_FOUND } from './cms.policy';
import { candidateScope, ticketApply } from './cms-register.service';

/**
 * The admission ticket (准考证, docs/product-decisions.md "CMS"): an A4 page drawn with pdf-lib in the
 * shipped CJK font, with the candidate's ID photo, where and when they sit the examination, and a QR
 * code holding the ticket number and the masked ID number (what an invigilator's scanner records).
 * The H5 shows it inside the page (WeChat does not download files) and offers it as a download.
 */

/** China time to the minute: `2026-12-20 09:00`. */
function chinaMinute(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** What a ticket prints. */
export interface TicketContent {
  projectTitle: string;
  batchName: string;
  occupation: string;
  skillLevel: keyof typeof SKILL_LEVEL_LABELS;
  realName: string;
  idCardNo: string;
  ticketNo: string;
  room: string;
  seatNo: number;
  place: string;
  startsAt: Date;
  endsAt: Date;
  notice: string | null;
  photo: { bytes: Buffer; png: boolean } | null;
}

const DEFAULT_RULES = [
  '1. 考生须凭本准考证和有效身份证件，于开考前 30 分钟到达考场，按座位号就座。',
  '2. 开考 15 分钟后不得入场；考试期间不得携带手机等通讯工具。',
  '3. 请妥善保管本准考证，成绩公布后可凭身份证号和姓名查询成绩。',
];

/** Breaks text into lines of at most `width` characters (Chinese text has no spaces to break at). */
function wrap(text: string, width: number): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const chunks: string[] = [];
    for (let start = 0; start < line.length; start += width) chunks.push(line.slice(start, start + width));
    return chunks.length ? chunks : [''];
  });
}

function label(page: PDFPage, font: PDFFont, text: string, value: string, top: number): void {
  drawText(page, font, { text, x: 70, top, width: 80, size: 13, color: '#666666' });
  drawText(page, font, { text: value, x: 150, top, width: 270, size: 14, color: '#222222' });
}

/** Draws the ticket as a one-page A4 PDF. */
export async function renderTicketPdf(ticket: TicketContent): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`准考证 ${ticket.ticketNo} ${ticket.realName}`);
  doc.setCreator(ticket.projectTitle);
  const font = await doc.embedFont(cjkFont(), { subset: true });
  const [width, height] = [A4.short, A4.long];
  const page = doc.addPage([width, height]);
  const line = rgb(0.2, 0.35, 0.6);
  const rules = [...DEFAULT_RULES, ...(ticket.notice ? wrap(ticket.notice, 36) : [])].flatMap((rule) =>
    wrap(rule, 38),
  );
  // The frame holds the notice too: its bottom is below the last rule (at most 14 lines).
  const frameBottom = 498 + Math.min(rules.length, 14) * 20 + 8;
  page.drawRectangle({
    x: 40,
    y: height - frameBottom,
    width: width - 80,
    height: frameBottom - 40,
    borderColor: line,
    borderWidth: 2,
  });
  drawText(page, font, {
    text: ticket.projectTitle,
    x: 60,
    top: 60,
    width: width - 120,
    size: 14,
    color: '#555555',
    align: 'center',
  });
  drawText(page, font, {
    text: '准 考 证',
    x: 60,
    top: 84,
    width: width - 120,
    size: 32,
    color: '#1d3a6b',
    bold: true,
    align: 'center',
  });
  drawText(page, font, {
    text: ticket.batchName,
    x: 60,
    top: 134,
    width: width - 120,
    size: 15,
    color: '#333333',
    align: 'center',
  });
  // The photo: 33 x 48 mm.
  const photo = { x: width - 70 - 94, top: 170, width: 94, height: 136 };
  page.drawRectangle({
    x: photo.x,
    y: height - photo.top - photo.height,
    width: photo.width,
    height: photo.height,
    borderColor: rgb(0.6, 0.6, 0.6),
    borderWidth: 1,
  });
  if (ticket.photo) {
    const image = ticket.photo.png
      ? await doc.embedPng(ticket.photo.bytes)
      : await doc.embedJpg(ticket.photo.bytes);
    page.drawImage(image, {
      x: photo.x,
      y: height - photo.top - photo.height,
      width: photo.width,
      height: photo.height,
    });
  } else {
    drawText(page, font, {
      text: '照片',
      x: photo.x,
      top: photo.top + 60,
      width: photo.width,
      size: 12,
      color: '#999999',
      align: 'center',
    });
  }
  const rows: [string, string][] = [
    ['姓　　名', ticket.realName],
    ['身份证号', maskIdCardNumber(ticket.idCardNo)],
    ['报考职业', ticket.occupation],
    ['报考等级', SKILL_LEVEL_LABELS[ticket.skillLevel]],
    ['准考证号', ticket.ticketNo],
    ['考　　场', ticket.room],
    ['座 位 号', `${ticket.seatNo} 号`],
    ['考试时间', `${chinaMinute(ticket.startsAt)} — ${chinaMinute(ticket.endsAt).slice(11)}`],
  ];
  for (const [index, [name, value]] of rows.entries()) label(page, font, name, value, 176 + index * 30);
  // The place wraps beside the QR code (each line at most 18 characters of the label's width).
  for (const [index, text] of wrap(ticket.place, 18).slice(0, 3).entries()) {
    if (index === 0) label(page, font, '考试地点', text, 176 + rows.length * 30);
    else
      drawText(page, font, {
        text,
        x: 150,
        top: 176 + rows.length * 30 + index * 22,
        width: 270,
        size: 14,
        color: '#222222',
      });
  }
  const qr = await doc.embedPng(await qrPng(`CMS:${ticket.ticketNo}:${maskIdCardNumber(ticket.idCardNo)}`));
  page.drawImage(qr, { x: width - 70 - 94, y: height - 330 - 94, width: 94, height: 94 });
  drawText(page, font, {
    text: '考场核验码',
    x: width - 70 - 94,
    top: 428,
    width: 94,
    size: 10,
    color: '#666666',
    align: 'center',
  });
  drawText(page, font, {
    text: '考生须知',
    x: 70,
    top: 470,
    width: 200,
    size: 15,
    color: '#1d3a6b',
    bold: true,
  });
  for (const [index, text] of rules.slice(0, 14).entries())
    drawText(page, font, {
      text,
      x: 70,
      top: 498 + index * 20,
      width: width - 140,
      size: 11.5,
      color: '#333333',
    });
  return Buffer.from(await doc.save());
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * `cms-apply/my-ticket`: the caller's admission ticket as a PDF (issued tickets only). Throws
 * BusinessError 准考证尚未发放 otherwise.
 */
export async function myTicketPdf(scope: ActorScope, id: number): Promise<FileResult> {
  const apply = await ticketApply(scope, id);
  const projectId = scope.project.id;
  const batch = await CmsBatch.findOne({ where: { projectId, id: apply.batchId } });
  const sitting = await CmsSitting.findOne({ where: { projectId, id: apply.sittingId as number } });
  if (!batch || !sitting || !apply.ticketNo || apply.seatNo === null)
    throw new Error('ticket without its sitting');
  const photo = apply.photoKey
    ? {
        bytes: await readAll(await scope.providers.storage.get(apply.photoKey)),
        png: apply.photoKey.endsWith('.png'),
      }
    : null;
  const pdf = await renderTicketPdf({
    projectTitle: scope.project.settings.title,
    batchName: batch.name,
    occupation: batch.occupation,
    skillLevel: apply.skillLevel,
    realName: apply.realName,
    idCardNo: apply.idCardNo,
    ticketNo: apply.ticketNo,
    room: sitting.room,
    seatNo: apply.seatNo,
    place: sitting.place,
    startsAt: sitting.startsAt,
    endsAt: sitting.endsAt,
    notice: batch.notice,
    photo,
  });
  return new FileResult(pdf, 'application/pdf', `准考证-${apply.ticketNo}.pdf`);
}

/** The student `accountId` of the project as the actor (a document link opened in another browser). */
async function studentScope(scope: TenantScope, accountId: number): Promise<ActorScope> {
  const account = await Account.findOne({ where: { projectId: scope.project.id, id: accountId } });
  if (!account) throw new BusinessError(CMS_APPLY_NOT_FOUND);
  return candidateScope(scope, account);
}

/** Checks the student may read the ticket of application `id` now (as `cms-apply/my-ticket` would). */
export async function studentTicketApply(scope: TenantScope, accountId: number, id: number): Promise<void> {
  await ticketApply(await studentScope(scope, accountId), id);
}

/** The student's admission ticket of application `id`, refused as `cms-apply/my-ticket` would. */
export async function studentTicketPdf(
  scope: TenantScope,
  accountId: number,
  id: number,
): Promise<FileResult> {
  return myTicketPdf(await studentScope(scope, accountId), id);
}
