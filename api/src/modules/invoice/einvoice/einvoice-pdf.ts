import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { apiPath } from '../../../paths';
import type { EinvoiceBuyer, EinvoiceItem, EinvoiceKind, EinvoiceSeller } from './einvoice.types';

/** What an invoice PDF prints (the simulator's record of one issued invoice). */
export interface InvoicePdfData {
  kind: EinvoiceKind;
  invoiceNumber: string;
  /** ISO time. */
  issuedAt: string;
  seller: EinvoiceSeller;
  buyer: EinvoiceBuyer;
  items: EinvoiceItem[];
  remark: string | null;
  /** A red invoice: the number of the invoice it reverses. */
  reversesNumber: string | null;
}

const FONT_FILE = apiPath('assets', 'fonts', 'wqy-microhei.ttf');
let fontBytes: Buffer | null = null;

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿'];

/** An amount in fen as the invoice's capital figures (价税合计大写), e.g. 壹佰贰拾捌圆整. */
export function capitalYuan(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const jiao = Math.floor((abs % 100) / 10);
  const fenPart = abs % 10;
  let text = '';
  if (yuan === 0) text = '零';
  else {
    const digits = String(yuan).split('').reverse();
    let zero = false;
    for (let i = digits.length - 1; i >= 0; i--) {
      const d = Number(digits[i]);
      if (d === 0) zero = true;
      else {
        if (zero && text) text += '零';
        zero = false;
        text += DIGITS[d] + UNITS[i % 4];
      }
      if (i % 4 === 0 && i > 0 && text && !/[万亿]$/.test(text)) text += GROUPS[i / 4];
    }
  }
  if (jiao === 0 && fenPart === 0) text += '圆整';
  else {
    // Under one yuan only the jiao and fen are written (伍角, 柒分).
    text = yuan === 0 ? '' : `${text}圆`;
    text += jiao ? `${DIGITS[jiao]}角` : fenPart && yuan ? '零' : '';
    if (fenPart) text += `${DIGITS[fenPart]}分`;
  }
  return (negative ? '（负数）' : '') + text;
}

/** Net amount and tax of a tax-included amount (fen), the tax rounded to the fen. */
export function splitTax(amountFen: number, taxRatePct: number): { netFen: number; taxFen: number } {
  const netFen = Math.round((amountFen * 100) / (100 + taxRatePct));
  return { netFen, taxFen: amountFen - netFen };
}

const money = (fen: number) => (fen / 100).toFixed(2);

/** `2026-11-26T08:00:00Z` as China date `2026年11月26日`. */
function chinaDate(iso: string): string {
  const day = new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const [y, m, d] = day.split('-');
  return `${y}年${m}月${d}日`;
}

/**
 * The PDF of an electronic invoice (电子发票（普通发票）, or its red 红字 reversal with negative
 * amounts), drawn with pdf-lib in the CJK font the repository ships (subset embedded).
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  fontBytes ??= readFileSync(FONT_FILE);
  const font = await doc.embedFont(fontBytes, { subset: true });
  const title = data.kind === 'RED' ? '电子发票（普通发票）红字' : '电子发票（普通发票）';
  doc.setTitle(`${title} ${data.invoiceNumber}`);
  doc.setCreator('电子发票服务平台（模拟）');
  const page = doc.addPage([842, 480]);
  const ink = rgb(0.55, 0.27, 0.07);
  const black = rgb(0.1, 0.1, 0.1);
  const text = (value: string, x: number, y: number, size = 10, color = black) =>
    page.drawText(value, { x, y, size, font, color });
  const box = (x: number, y: number, w: number, h: number) =>
    page.drawRectangle({ x, y, width: w, height: h, borderColor: ink, borderWidth: 1 });
  const sign = data.kind === 'RED' ? -1 : 1;

  text(
    title,
    421 - font.widthOfTextAtSize(title, 22) / 2,
    438,
    22,
    data.kind === 'RED' ? rgb(0.8, 0.1, 0.1) : ink,
  );
  text(`发票号码：${data.invoiceNumber}`, 590, 440, 10);
  text(`开票日期：${chinaDate(data.issuedAt)}`, 590, 424, 10);

  // Buyer and seller.
  box(30, 330, 782, 80);
  page.drawLine({ start: { x: 421, y: 330 }, end: { x: 421, y: 410 }, color: ink });
  text('购买方信息', 40, 392, 10, ink);
  text(`名称：${data.buyer.name}`, 40, 370);
  text(`统一社会信用代码/纳税人识别号：${data.buyer.taxNo ?? ''}`, 40, 350);
  text('销售方信息', 431, 392, 10, ink);
  text(`名称：${data.seller.name}`, 431, 370);
  text(`统一社会信用代码/纳税人识别号：${data.seller.taxNo}`, 431, 350);

  // Items.
  box(30, 170, 782, 160);
  const cols = [40, 330, 450, 560, 660];
  for (const [i, h] of ['项目名称', '数量', '金额', '税率/征收率', '税额'].entries())
    text(h, cols[i] ?? 0, 312, 10, ink);
  let y = 290;
  let net = 0;
  let tax = 0;
  for (const item of data.items) {
    const split = splitTax(item.amountFen, item.taxRatePct);
    net += split.netFen;
    tax += split.taxFen;
    text(`*培训服务*${item.name}`.slice(0, 28), cols[0] ?? 0, y);
    text(String(sign), cols[1] ?? 0, y);
    text(money(sign * split.netFen), cols[2] ?? 0, y);
    text(`${item.taxRatePct}%`, cols[3] ?? 0, y);
    text(money(sign * split.taxFen), cols[4] ?? 0, y);
    y -= 18;
  }
  text('合计', 40, 180, 10, ink);
  text(`¥${money(sign * net)}`, cols[2] ?? 0, 180);
  text(`¥${money(sign * tax)}`, cols[4] ?? 0, 180);

  const total = sign * (net + tax);
  box(30, 140, 782, 30);
  text('价税合计（大写）', 40, 150, 10, ink);
  text(capitalYuan(total), 160, 150, 11);
  text(`（小写）¥${money(total)}`, 600, 150, 11);

  box(30, 70, 782, 70);
  text('备注', 40, 122, 10, ink);
  const remark = [
    data.reversesNumber ? `被红冲蓝字发票号码：${data.reversesNumber}` : '',
    data.remark ?? '',
    `销方地址电话：${data.seller.addressPhone}`,
    `销方开户行及账号：${data.seller.bankAccount}`,
  ].filter(Boolean);
  for (const [i, line] of remark.entries()) text(line.slice(0, 70), 90, 122 - i * 14, 9);
  text('开票人：电子发票服务平台（模拟）', 40, 48, 10);
  return Buffer.from(await doc.save());
}
