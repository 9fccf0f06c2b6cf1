import { isEmail, isIdCardNumber, isMobile, ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import { UniqueConstraintError } from 'sequelize';
import {
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  type StudentImportAnswer,
  type StudentImportError,
  type StudentImportField,
} from '../../contract/student';
import { type ActorScope, FileResult, type UploadedFile } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { readTemplateRows, type TemplateRow, XLSX_MIME } from '../../core/xlsx';
import { Account } from '../account/account.model';
import { MOBILE_MESSAGES } from '../account/mobile.service';
import { Role } from '../account/role.model';
import { audit } from '../audit/audit.service';
import { Unit } from '../unit/unit.model';

/**
 * The import of students from an `.xlsx` of the template (docs/product-decisions.md "Students"):
 * every row is read and checked (name, ID number with its check character, mobile, e-mail, unit,
 * repeats inside the file, students already in the project) before anything is written; a file
 * with any error imports nothing and answers every error with its row. Imported students have no
 * password: they sign in by SMS code or WeChat, or set one with 忘记密码.
 */

const TEMPLATE_SHEET = '学员信息';
const GUIDE_SHEET = '填写说明';
const TEMPLATE_FILE = '学员导入模板.xlsx';

/** The rules people read on the template's second sheet. */
const GUIDE_LINES = [
  '1. 在「学员信息」工作表中每行填写一名学员，不要修改第一行表头。',
  '2. 姓名、身份证号、手机号为必填项；邮箱、所属单位可不填。',
  '3. 身份证号为 18 位（末位 X 可大写或小写）或 15 位，请以文本格式填写，避免末位变成 0。',
  '4. 手机号为 11 位大陆手机号；同一项目中身份证号、手机号不能与已有学员重复，文件内也不能重复。',
  '5. 所属单位须与系统中「培训机构」的单位名称完全一致，且单位未停用。',
  `6. 一个文件最多 ${STUDENT_IMPORT_MAX_ROWS} 名学员；任何一行有误时整个文件都不会导入，请按提示改正后重新上传。`,
  '7. 导入的学员没有密码，可用短信验证码或微信登录，或通过「忘记密码」设置密码。',
];

/**
 * `student/import-template`: the template, a sheet with the columns (ID number and mobile as text
 * cells, so Excel keeps every digit) and a sheet with the rules.
 */
export async function importTemplate(): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  sheet.columns = STUDENT_IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.key === 'unitName' ? 30 : column.key === 'realName' ? 14 : 22,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  STUDENT_IMPORT_COLUMNS.forEach((column, index) => {
    if (column.required)
      sheet.getRow(1).getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  guide.getColumn(1).width = 100;
  for (const line of GUIDE_LINES) guide.addRow([line]);
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return new FileResult(bytes, XLSX_MIME, TEMPLATE_FILE);
}

/** A row after its own checks: each value, or null when it was refused (or, for optional ones, empty). */
interface CheckedRow {
  row: number;
  realName: string | null;
  idCardNo: string | null;
  mobile: string | null;
  email: string | null;
  unitName: string | null;
  /** Whether the row passed its own checks. */
  valid: boolean;
}

/** Checks each row on its own: required fields and their formats. Answers the errors and every row's values. */
function checkRows(rows: readonly TemplateRow<StudentImportField>[]) {
  const errors: StudentImportError[] = [];
  const checked: CheckedRow[] = [];
  for (const { row, cells } of rows) {
    const before = errors.length;
    const take = (field: StudentImportField, refusal: string | null, value: string): string | null => {
      if (refusal === null) return value || null;
      errors.push({ row, field, value: cells[field].text, message: refusal });
      return null;
    };
    const name = cells.realName.text;
    const realName = take(
      'realName',
      !name ? '请填写姓名' : name.length < 2 || name.length > 50 ? '姓名应为 2-50 个字符' : null,
      name,
    );
    const id = cells.idCardNo.text.toUpperCase();
    const idCardNo = take(
      'idCardNo',
      !id
        ? '请填写身份证号'
        : cells.idCardNo.lossy
          ? '身份证号请以文本格式填写（数字格式会丢失末几位）'
          : !isIdCardNumber(id)
            ? '身份证号格式不正确'
            : null,
      id,
    );
    const phone = cells.mobile.text;
    const mobile = take(
      'mobile',
      !phone ? '请填写手机号' : !isMobile(phone) ? '手机号格式不正确' : null,
      phone,
    );
    const mail = cells.email.text;
    const email = take('email', mail && !isEmail(mail) ? '邮箱格式不正确' : null, mail);
    const unitName = cells.unitName.text || null;
    checked.push({ row, realName, idCardNo, mobile, email, unitName, valid: errors.length === before });
  }
  return { errors, checked };
}

/**
 * Checks the rows against each other and the project: an ID number or mobile repeated in the
 * file (the later row is refused, naming the first), an ID number any account of the project has,
 * a mobile another student has, a unit that is not an enabled unit of the project by its exact name.
 */
async function checkAgainstProject(
  projectId: number,
  rows: readonly CheckedRow[],
): Promise<{ errors: StudentImportError[]; unitIds: Map<string, number> }> {
  const errors: StudentImportError[] = [];
  const firstRow = { idCardNo: new Map<string, number>(), mobile: new Map<string, number>() };
  for (const entry of rows) {
    for (const field of ['idCardNo', 'mobile'] as const) {
      const value = entry[field];
      if (value === null) continue;
      const first = firstRow[field].get(value);
      if (first === undefined) firstRow[field].set(value, entry.row);
      else
        errors.push({
          row: entry.row,
          field,
          value,
          message: `与第 ${first} 行${field === 'idCardNo' ? '身份证号' : '手机号'}重复`,
        });
    }
  }
  const idCardNos = [...firstRow.idCardNo.keys()];
  const takenIds = new Set(
    idCardNos.length
      ? (await Account.findAll({ attributes: ['idCardNo'], where: { projectId, idCardNo: idCardNos } })).map(
          (account) => account.idCardNo,
        )
      : [],
  );
  const mobiles = [...firstRow.mobile.keys()];
  const takenMobiles = new Set(
    mobiles.length
      ? (
          await Account.findAll({
            attributes: ['mobile'],
            where: { projectId, roleSystem: ROLE_SYSTEM.STUDENT, mobile: mobiles },
          })
        ).map((account) => account.mobile)
      : [],
  );
  const unitNames = [...new Set(rows.flatMap((entry) => (entry.unitName ? [entry.unitName] : [])))];
  const units = unitNames.length
    ? await Unit.findAll({ attributes: ['id', 'name', 'status'], where: { projectId, name: unitNames } })
    : [];
  const unitIds = new Map<string, number>();
  const unitRefusal = new Map<string, string>();
  for (const name of unitNames) {
    const matches = units.filter((unit) => unit.name === name);
    const [only] = matches;
    if (!only) unitRefusal.set(name, '单位不存在，请填写系统中的单位名称');
    else if (matches.length > 1) unitRefusal.set(name, '有多个同名单位，请先在培训机构中区分名称');
    else if (only.status !== 'ENABLED') unitRefusal.set(name, '该单位已停用');
    else unitIds.set(name, only.id);
  }
  for (const entry of rows) {
    if (entry.idCardNo !== null && takenIds.has(entry.idCardNo))
      errors.push({ row: entry.row, field: 'idCardNo', value: entry.idCardNo, message: '该身份证号已注册' });
    if (entry.mobile !== null && takenMobiles.has(entry.mobile))
      errors.push({
        row: entry.row,
        field: 'mobile',
        value: entry.mobile,
        message: MOBILE_MESSAGES.MOBILE_TAKEN,
      });
    const refusal = entry.unitName ? unitRefusal.get(entry.unitName) : undefined;
    if (entry.unitName && refusal)
      errors.push({ row: entry.row, field: 'unitName', value: entry.unitName, message: refusal });
  }
  return { errors, unitIds };
}

/** A row's values once every check passed. */
function writable(entry: CheckedRow) {
  const { realName, idCardNo, mobile } = entry;
  if (!entry.valid || realName === null || idCardNo === null || mobile === null)
    throw new Error(`import row ${entry.row} was written unchecked`);
  return { realName, idCardNo, mobile, email: entry.email };
}

const FIELD_ORDER = new Map(STUDENT_IMPORT_COLUMNS.map((column, index) => [column.key, index]));

/**
 * `student/import`: imports the students of an `.xlsx` of the template into the caller's project,
 * all or nothing. Answers every refused cell (nothing written) or the number imported. Throws
 * BusinessError for a file that cannot be read, lacks a required column, holds no row or too many.
 */
export async function importStudents(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<StudentImportAnswer> {
  const projectId = scope.project.id;
  const rows = await readTemplateRows(file, {
    columns: STUDENT_IMPORT_COLUMNS,
    maxRows: STUDENT_IMPORT_MAX_ROWS,
    emptyMessage: '文件中没有学员数据',
    tooManyMessage: `一次最多导入 ${STUDENT_IMPORT_MAX_ROWS} 名学员，请分批导入`,
  });
  const own = checkRows(rows);
  const against = await checkAgainstProject(projectId, own.checked);
  const errors = [...own.errors, ...against.errors].sort(
    (a, b) => a.row - b.row || (FIELD_ORDER.get(a.field) ?? 0) - (FIELD_ORDER.get(b.field) ?? 0),
  );
  if (errors.length) return { total: rows.length, imported: 0, errors };
  const role = await Role.findOne({ where: { projectId, code: 'student', roleSystem: ROLE_SYSTEM.STUDENT } });
  if (!role) throw new BusinessError('该项目没有学员角色，请联系管理员');
  try {
    await scope.sequelize.transaction(async (transaction) => {
      await Account.bulkCreate(
        own.checked.map((entry) => ({
          ...writable(entry),
          projectId,
          roleId: role.id,
          roleSystem: ROLE_SYSTEM.STUDENT,
          unitId: entry.unitName ? (against.unitIds.get(entry.unitName) ?? null) : null,
          passwordHash: null,
        })),
        { transaction },
      );
      await audit(
        scope,
        { action: 'student.import', projectId, targetType: 'account', detail: { count: own.checked.length } },
        transaction,
      );
    });
  } catch (error) {
    if (error instanceof UniqueConstraintError)
      throw new BusinessError('导入期间有人注册了相同的身份证号或手机号，请重新导入');
    throw error;
  }
  return { total: rows.length, imported: own.checked.length, errors: [] };
}
