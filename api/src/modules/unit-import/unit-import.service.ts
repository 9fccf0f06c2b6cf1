import ExcelJS from 'exceljs';
import type { WhereOptions } from 'sequelize';
import type { z } from 'zod';
import type { PageAnswer } from '../../contract/common';
import {
  UNIT_IMPORT_COLUMNS,
  UNIT_IMPORT_MAX_ROWS,
  type UnitImportView,
  type unitImportPageInput,
} from '../../contract/unit-import';
import { type ActorScope, FileResult, type UploadedFile } from '../../core/action';
import { BusinessError, uniqueRefusal } from '../../core/errors';
import { cursorBatches } from '../../core/export-cursor';
import { newestFirstPage } from '../../core/newest-first';
import { readTemplateRows, streamXlsx, XLSX_MIME } from '../../core/xlsx';
import { namesById } from '../../db/lookups';
import { audit } from '../audit/audit.service';
import { chinaToday, notOfferedReason } from '../train-class/class-read';
import { TrainClass } from '../train-class/train-class.model';
import { TrainPlan } from '../train-plan/train-plan.model';
import { visibleUnitRowsWhere } from '../unit/unit.policy';
import { UnitClass } from '../unit-class/unit-class.model';
import { UnitImport } from './unit-import.model';
import { presentUnitImport } from './unit-import.presenter';

/**
 * Starting and following imports of students into unit classes (docs/product-decisions.md "Unit
 * imports and batch orders"). The upload is read and staged here; the job (`unit-import.run.ts`)
 * does the checking and the writing. A unit manager reaches only their own unit's unit classes and
 * imports; another's answer as missing.
 */

const IMPORT_NOT_FOUND = '导入记录不存在';
const UNIT_CLASS_NOT_FOUND = '单位班级不存在';
const TEMPLATE_FILE = '单位学员导入模板.xlsx';
const IMPORT_RUNNING = '该单位班级有正在进行的导入，请等它完成后再导入';

/** The rules people read on the template's second sheet. */
const GUIDE_LINES = [
  '1. 在「学员名单」工作表中每行填写一名学员，不要修改第一行表头。',
  '2. 姓名、身份证号、手机号均为必填项。',
  '3. 身份证号为 18 位（末位 X 可大写或小写）或 15 位，请以文本格式填写，避免末位变成 0。',
  '4. 手机号为 11 位大陆手机号；文件内身份证号、手机号不能重复。',
  '5. 已注册的学员按身份证号匹配，姓名须与系统中一致；未注册的学员导入时自动创建账号（无密码，可用短信验证码或微信登录）。',
  `6. 一个文件最多 ${UNIT_IMPORT_MAX_ROWS} 名学员；任何一行有误时整个文件都不会导入，请下载错误文件按原因改正后重新上传。`,
  '7. 导入成功后生成一笔批量订单，单位扫码一次支付全部学员的费用，支付后学员即可学习。',
];

/** An import of the caller's reach, or BusinessError 导入记录不存在. */
async function loadImport(scope: ActorScope, id: number): Promise<UnitImport> {
  const row = await UnitImport.findOne({ where: { ...visibleUnitRowsWhere(scope), id } });
  if (!row) throw new BusinessError(IMPORT_NOT_FOUND);
  return row;
}

/** Imports as answered (one query for their unit classes' names). */
async function importViews(rows: UnitImport[]): Promise<UnitImportView[]> {
  if (rows.length === 0) return [];
  const names = await namesById(
    UnitClass,
    rows.map((row) => row.unitClassId),
    { where: { projectId: rows[0].projectId } },
  );
  return rows.map((row) => presentUnitImport(row, names.get(row.unitClassId) ?? ''));
}

/** `batch-import-order/template`: the sheet to fill (text cells) and a sheet of rules. */
export async function importTemplate(): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学员名单');
  sheet.columns = UNIT_IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.key === 'realName' ? 14 : 24,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true, color: { argb: 'FFC00000' } };
  const guide = workbook.addWorksheet('填写说明');
  guide.getColumn(1).width = 110;
  for (const line of GUIDE_LINES) guide.addRow([line]);
  return new FileResult(Buffer.from(await workbook.xlsx.writeBuffer()), XLSX_MIME, TEMPLATE_FILE);
}

/**
 * `batch-import-order/import`: reads the file into staged rows and queues the job, in one
 * transaction. Refused (BusinessError) for a unit class out of reach, closed or whose class is not
 * offered today, while another import of it runs, and for a file that is unreadable, lacks a
 * column, is empty or too long.
 */
export async function startImport(
  scope: ActorScope,
  unitClassId: number,
  file: UploadedFile | undefined,
  now = new Date(),
): Promise<UnitImportView> {
  const projectId = scope.project.id;
  const unitClass = await UnitClass.findOne({ where: { ...visibleUnitRowsWhere(scope), id: unitClassId } });
  if (!unitClass) throw new BusinessError(UNIT_CLASS_NOT_FOUND);
  if (unitClass.state !== 'OPEN') throw new BusinessError('单位班级已关闭，不能导入学员');
  const trainClass = await TrainClass.findOne({ where: { projectId, id: unitClass.classId } });
  const plan = trainClass
    ? await TrainPlan.findOne({ attributes: ['status'], where: { projectId, id: trainClass.planId } })
    : null;
  if (!trainClass || notOfferedReason(trainClass, plan?.status ?? '', chinaToday(now)))
    throw new BusinessError('该班级已下架或不在报名时间内，不能导入学员');
  const running = await UnitImport.count({
    where: { projectId, unitClassId, status: ['VALIDATING', 'VALIDATED', 'IMPORTING'] },
  });
  if (running) throw new BusinessError(IMPORT_RUNNING);
  const rows = await readTemplateRows(file, {
    columns: UNIT_IMPORT_COLUMNS,
    maxRows: UNIT_IMPORT_MAX_ROWS,
    emptyMessage: '文件中没有学员数据',
    tooManyMessage: `一次最多导入 ${UNIT_IMPORT_MAX_ROWS} 名学员，请分批导入`,
  });
  const fileName = (file?.originalName || '学员名单.xlsx').slice(0, 200);
  // Another upload of the unit class may get in between the check above and this one.
  const created = await scope.sequelize
    .transaction(async (transaction) => {
      const row = await UnitImport.create(
        {
          projectId,
          unitId: unitClass.unitId,
          unitClassId,
          fileName,
          status: 'VALIDATING',
          total: rows.length,
          createdBy: scope.principal.accountId,
        },
        { transaction },
      );
      const STAGE_ROWS = 2000;
      for (let start = 0; start < rows.length; start += STAGE_ROWS) {
        const part = rows.slice(start, start + STAGE_ROWS);
        await scope.sequelize.query(
          `INSERT INTO unit_import_row (import_id, row_no, real_name, id_card_no, mobile, id_card_lossy)
         SELECT :importId, row_no, real_name, id_card_no, mobile, lossy
           FROM unnest(CAST(ARRAY[:rowNos] AS INTEGER[]), CAST(ARRAY[:names] AS VARCHAR[]),
                       CAST(ARRAY[:idCardNos] AS VARCHAR[]), CAST(ARRAY[:mobiles] AS VARCHAR[]),
                       CAST(ARRAY[:lossy] AS BOOLEAN[])) AS r(row_no, real_name, id_card_no, mobile, lossy)`,
          {
            replacements: {
              importId: row.id,
              rowNos: part.map((entry) => entry.row),
              names: part.map((entry) => entry.cells.realName.text.slice(0, 100)),
              idCardNos: part.map((entry) => entry.cells.idCardNo.text.toUpperCase().slice(0, 40)),
              mobiles: part.map((entry) => entry.cells.mobile.text.slice(0, 40)),
              lossy: part.map((entry) => entry.cells.idCardNo.lossy),
            },
            transaction,
          },
        );
      }
      await audit(
        scope,
        {
          action: 'unit-import.start',
          projectId,
          targetType: 'unit_import',
          targetId: row.id,
          detail: { unitClassId, rows: rows.length },
        },
        transaction,
      );
      await scope.jobs.send('unit-import.run', { importId: row.id }, { transaction });
      return row;
    })
    .catch(uniqueRefusal(new BusinessError(IMPORT_RUNNING)));
  const [view] = await importViews([created]);
  return view;
}

/** `batch-import-order/progress`: where an import stands. */
export async function importProgress(scope: ActorScope, id: number): Promise<UnitImportView> {
  const [view] = await importViews([await loadImport(scope, id)]);
  return view;
}

/** `batch-import-order/page`: the caller's imports, newest first. */
export async function pageImports(
  scope: ActorScope,
  input: z.output<typeof unitImportPageInput>,
): Promise<PageAnswer<UnitImportView>> {
  const where = {
    ...visibleUnitRowsWhere(scope),
    ...(input.unitClassId ? { unitClassId: input.unitClassId } : {}),
    ...(input.statuses?.length ? { status: input.statuses } : {}),
  } as WhereOptions<UnitImport>;
  return newestFirstPage(UnitImport, where, input, importViews);
}

/** A refused row of the error file. */
interface ErrorRow {
  row_no: number;
  real_name: string;
  id_card_no: string;
  mobile: string;
  error: string;
}

/**
 * `batch-import-order/error-file`: the refused rows of an import with their reasons (read through
 * the export cursor a batch at a time). Throws BusinessError when the import refused no row.
 */
export async function importErrorFile(scope: ActorScope, id: number): Promise<FileResult> {
  const row = await loadImport(scope, id);
  if (row.failedCount === 0) throw new BusinessError('该导入没有错误行');
  const batches = cursorBatches<ErrorRow, ErrorRow>(
    scope.sequelize,
    {
      sql: `SELECT row_no, real_name, id_card_no, mobile, error FROM unit_import_row
             WHERE import_id = :id AND status = 'FAILED' ORDER BY row_no`,
      replacements: { id: row.id },
    },
    (rows) => rows,
    // The rows the import has just written, which its count (read on the primary) promises.
    { primary: true },
  );
  return streamXlsx<ErrorRow>({
    filename: `导入错误-${row.id}.xlsx`,
    sheetName: '错误行',
    log: scope.log,
    batches,
    columns: [
      { header: '行号', width: 8, value: (entry) => entry.row_no },
      { header: '姓名', width: 14, value: (entry) => entry.real_name },
      { header: '身份证号', width: 24, numFmt: '@', value: (entry) => entry.id_card_no },
      { header: '手机号', width: 16, numFmt: '@', value: (entry) => entry.mobile },
      { header: '错误原因', width: 50, value: (entry) => entry.error },
    ],
  });
}
