import { idCardCheckChar } from '@px/config';
import ExcelJS from 'exceljs';

/**
 * Test and bench support of unit imports: valid staff lists of any length and `.xlsx` files of the
 * template, as a unit would fill them.
 */

/** A row of the template: name, ID number, mobile (any cell may be wrong on purpose). */
export type StaffRow = [string, string | number, string];

/**
 * The `n`-th valid ID number of a series (`series` 0..9 keeps lists apart, 300,000 people each):
 * born from 1970-01-01 on, a thousand people a day, each with its check character.
 */
export function staffIdCardNo(n: number, series = 0): string {
  const born = new Date(Date.UTC(1970, 0, 1) + (Math.floor(n / 1000) + series * 300) * 86_400_000);
  const first17 = `110105${born.toISOString().slice(0, 10).replace(/-/g, '')}${String(n % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}

/** The `n`-th valid mobile of a series. */
export function staffMobile(n: number, series = 0): string {
  return `15${series}${String(n).padStart(8, '0')}`;
}

/** `count` valid staff rows of a series, from `from`. */
export function staffRows(count: number, series = 0, from = 0): StaffRow[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    return [
      `职工${String.fromCharCode(0x4e00 + (n % 2000))}${n}`,
      staffIdCardNo(n, series),
      staffMobile(n, series),
    ];
  });
}

/** An `.xlsx` of the template holding the rows (ID numbers and mobiles as text unless given as numbers). */
export async function staffWorkbook(
  rows: readonly StaffRow[],
  header = ['姓名', '身份证号', '手机号'],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学员名单');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
