import { isIdCardNumber } from '@px/config';
import ExcelJS from 'exceljs';
import type { Transaction } from 'sequelize';
import {
  SCORE_ABSENT_TEXT,
  SCORE_IMPORT_FIXED_COLUMNS,
  SCORE_IMPORT_MAX_ROWS,
  type ScoreImportAnswer,
  type ScoreImportError,
} from '../../contract/cms-score';
import { type ActorScope, FileResult, type UploadedFile } from '../../core/action';
import { BusinessError } from '../../core/errors';
import { readTemplateRows, type TemplateColumn, XLSX_MIME } from '../../core/xlsx';
import { audit } from '../audit/audit.service';
import { CmsApply, type CmsBatch, CmsScoreImport, type CmsSubject } from './cms.model';
import { type CmsBatchFacts, SCORES_PUBLISHED } from './cms.policy';
import { mark, tenthsOf } from './cms.presenter';
import { batchFacts, findBatch, subjectsOf } from './cms-batch.service';
import { registeredByIdCard, upsertScores } from './cms-score.service';

/**
 * The score import (spec section 7 "score: import multipart, template and error export blob";
 * docs/product-decisions.md "CMS"): the template is the batch's registered candidates (name, ID
 * number, ticket number) with one column per subject; an uploaded file is checked row by row before
 * anything is written (the candidate registered in the batch, the name agreeing, each score a number
 * within the subject's marks with one decimal or 缺考, no candidate twice); a file with any refused
 * cell imports nothing, is kept with its errors, and its error file marks each refused cell.
 */

const TEMPLATE_SHEET = '成绩';
const GUIDE_SHEET = '填写说明';

/** The columns of a batch's template: the fixed ones, then one per subject headed by its name. */
function templateColumns(subjects: readonly CmsSubject[]): TemplateColumn<string>[] {
  return [
    ...SCORE_IMPORT_FIXED_COLUMNS.map((column) => ({ ...column })),
    ...subjects.map((subject) => ({ key: `s${subject.id}`, header: subject.name, required: true })),
  ];
}

const guideLines = (subjects: readonly CmsSubject[]) => [
  '1. 在「成绩」工作表中每行填写一名考生的成绩，不要修改第一行表头；模板已列出本批次已报名（已缴费或免费）的考生。',
  '2. 姓名、身份证号为必填项，须与报名信息一致；准考证号可不填，填写时须与已发放的准考证号一致。',
  `3. 每个科目填写 0 到满分之间的成绩（最多一位小数），缺考填写“${SCORE_ABSENT_TEXT}”：${subjects
    .map((subject) => `${subject.name} 满分 ${mark(subject.fullTenths)}、及格 ${mark(subject.passTenths)}`)
    .join('；')}。`,
  '4. 同一考生不能出现两次；导入会覆盖考生已有的同科目成绩。',
  `5. 一个文件最多 ${SCORE_IMPORT_MAX_ROWS} 行；任何一个单元格有误时整个文件都不会导入，可下载错误文件（标红的单元格即有误之处）改正后重新上传。`,
];

/** `score/template`: the batch's template, its registered candidates filled in. */
export async function scoreTemplate(scope: ActorScope, batchId: number): Promise<FileResult> {
  const batch = await findBatch(scope, batchId);
  const subjects = (await subjectsOf(scope.project.id, [batch.id])).get(batch.id) ?? [];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  const columns = templateColumns(subjects);
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.key === 'idCardNo' ? 22 : 14,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  columns.forEach((column, index) => {
    if (column.required)
      sheet.getRow(1).getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  const candidates = await CmsApply.findAll({
    where: { projectId: scope.project.id, batchId, status: ['PAID', 'SCORED'] },
    order: [
      ['ticketNo', 'ASC NULLS LAST'],
      ['id', 'ASC'],
    ],
    limit: SCORE_IMPORT_MAX_ROWS,
  });
  for (const apply of candidates)
    sheet.addRow({ realName: apply.realName, idCardNo: apply.idCardNo, ticketNo: apply.ticketNo ?? '' });
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  guide.getColumn(1).width = 120;
  for (const line of guideLines(subjects)) guide.addRow([line]);
  return new FileResult(
    Buffer.from(await workbook.xlsx.writeBuffer()),
    XLSX_MIME,
    `成绩导入模板-${batch.name}.xlsx`,
  );
}

/** The batch, locked, when its scores may be imported (not published). Throws BusinessError. */
async function importableBatch(scope: ActorScope, batchId: number, transaction?: Transaction) {
  const batch = await findBatch(scope, batchId, transaction);
  const facts = (await batchFacts(scope, [batch], transaction)).get(batch.id) as CmsBatchFacts;
  if (facts.scoresPublished) throw new BusinessError(SCORES_PUBLISHED);
  return batch;
}

/** A score cell: absent (缺考), a mark in tenths within the subject, or why not (a number cell's text is its value). */
function readScore(text: string, subject: CmsSubject): { tenths: number | null } | string {
  if (text === '') return `请填写${subject.name}成绩或“${SCORE_ABSENT_TEXT}”`;
  if (text === SCORE_ABSENT_TEXT) return { tenths: null };
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) return `成绩应为数字或“${SCORE_ABSENT_TEXT}”`;
  if (Math.abs(value * 10 - Math.round(value * 10)) > 1e-6) return '成绩最多一位小数';
  if (tenthsOf(value) > subject.fullTenths) return `成绩应在 0 到 ${mark(subject.fullTenths)} 之间`;
  return { tenths: tenthsOf(value) };
}

/**
 * `score/import` (multipart `file`): a batch's scores from a file of its template, all or nothing.
 * Answers the rows read, the candidates imported (0 when any cell was refused) and every refused
 * cell, with the import kept for its error file (`importId`). Throws BusinessError for a file that
 * cannot be read, lacks a column, holds no row or too many, or a batch whose scores are published.
 */
export async function importScores(
  scope: ActorScope,
  batchId: number,
  file: UploadedFile | undefined,
): Promise<ScoreImportAnswer> {
  const batch = await importableBatch(scope, batchId);
  const subjects = (await subjectsOf(scope.project.id, [batch.id])).get(batch.id) ?? [];
  if (subjects.length === 0) throw new BusinessError('该批次没有考试科目');
  const columns = templateColumns(subjects);
  const rows = await readTemplateRows(file, {
    columns,
    maxRows: SCORE_IMPORT_MAX_ROWS,
    emptyMessage: '文件中没有成绩数据',
    tooManyMessage: `一次最多导入 ${SCORE_IMPORT_MAX_ROWS} 行，请分批导入`,
  });
  const registered = await registeredByIdCard(scope, batch.id);
  const errors: ScoreImportError[] = [];
  const refused = new Set<number>();
  const seen = new Map<string, number>();
  const checked: {
    applyId: number;
    scores: { subjectId: number; scoreTenths: number | null; absent: boolean }[];
  }[] = [];
  for (const { row, cells } of rows) {
    const fail = (key: string, message: string) => {
      const column = columns.find((entry) => entry.key === key);
      errors.push({ row, field: column?.header ?? key, value: cells[key]?.text ?? '', message });
      refused.add(row);
    };
    const name = cells.realName?.text ?? '';
    const idCardNo = (cells.idCardNo?.text ?? '').toUpperCase();
    let apply: CmsApply | undefined;
    if (!name) fail('realName', '请填写姓名');
    if (!idCardNo) fail('idCardNo', '请填写身份证号');
    else if (cells.idCardNo?.lossy || !isIdCardNumber(idCardNo))
      fail('idCardNo', '身份证号格式不正确（请以文本格式填写）');
    else {
      const first = seen.get(idCardNo);
      if (first) fail('idCardNo', `与第 ${first} 行的考生重复`);
      else seen.set(idCardNo, row);
      const candidates = registered.get(idCardNo) ?? [];
      if (candidates.length === 0) fail('idCardNo', '该考生未报名本批次，或尚未完成缴费');
      else if (candidates.length > 1)
        fail('idCardNo', '该考生在本批次报考了多个等级，请逐个在页面上录入成绩');
      else apply = candidates[0];
      if (apply && name && apply.realName !== name) fail('realName', '姓名与报名信息不一致');
      const ticket = cells.ticketNo?.text ?? '';
      if (apply && ticket && apply.ticketNo !== ticket) fail('ticketNo', '准考证号与该考生的准考证不一致');
    }
    const scores = subjects.flatMap((subject) => {
      const cell = cells[`s${subject.id}`] ?? { text: '', lossy: false };
      const read = readScore(cell.text, subject);
      if (typeof read === 'string') {
        fail(`s${subject.id}`, read);
        return [];
      }
      return [{ subjectId: subject.id, scoreTenths: read.tenths, absent: read.tenths === null }];
    });
    if (apply && !refused.has(row)) checked.push({ applyId: apply.id, scores });
  }
  if (errors.length) {
    const headers = columns.map((column) => column.header);
    const kept = await CmsScoreImport.create({
      projectId: scope.project.id,
      batchId: batch.id,
      fileName: file?.originalName?.slice(0, 200) ?? null,
      total: rows.length,
      imported: 0,
      headers,
      errors,
      refusedRows: rows
        .filter((entry) => refused.has(entry.row))
        .map((entry) => ({
          row: entry.row,
          cells: columns.map((column) => entry.cells[column.key]?.text ?? ''),
        })),
      createdBy: scope.principal.accountId,
    });
    return { total: rows.length, imported: 0, errors, importId: kept.id };
  }
  await scope.sequelize.transaction(async (transaction) => {
    // Published or changed meanwhile: checked again under the batch's lock.
    await importableBatch(scope, batch.id, transaction);
    const stillRegistered = await CmsApply.count({
      where: {
        projectId: scope.project.id,
        id: checked.map((entry) => entry.applyId),
        status: ['PAID', 'SCORED'],
      },
      transaction,
    });
    if (stillRegistered !== checked.length)
      throw new BusinessError('导入期间考生的报名状态有变化，请重新导入');
    for (const entry of checked)
      await upsertScores(scope, entry.applyId, entry.scores, scope.principal.accountId, transaction);
    await audit(
      scope,
      {
        action: 'score.import',
        projectId: scope.project.id,
        targetType: 'cms_batch',
        targetId: batch.id,
        detail: { count: checked.length, fileName: file?.originalName ?? null },
      },
      transaction,
    );
  });
  return { total: rows.length, imported: checked.length, errors: [], importId: null };
}

const RED = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;

/**
 * `score/error-export`: the refused rows of a refused import with each refused cell filled red and
 * its reason as the cell's note, and a 错误原因 column naming every refused cell of the row.
 */
export async function scoreImportErrorFile(scope: ActorScope, importId: number): Promise<FileResult> {
  const kept = await CmsScoreImport.findOne({ where: { projectId: scope.project.id, id: importId } });
  if (!kept) throw new BusinessError('导入记录不存在');
  const batch: CmsBatch = await findBatch(scope, kept.batchId);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('错误行');
  sheet.columns = [
    { header: '原行号', key: '_row', width: 8 },
    ...kept.headers.map((header, index) => ({
      header,
      key: `c${index}`,
      width: header === '身份证号' ? 22 : 14,
      style: { numFmt: '@' },
    })),
    { header: '错误原因', key: '_why', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const refused of kept.refusedRows) {
    const mine = kept.errors.filter((error) => error.row === refused.row);
    const row = sheet.addRow([
      refused.row,
      ...refused.cells,
      mine.map((error) => `${error.field}：${error.message}`).join('；'),
    ]);
    for (const error of mine) {
      const index = kept.headers.indexOf(error.field);
      if (index < 0) continue;
      const cell = row.getCell(index + 2);
      cell.fill = RED;
      cell.note = error.message;
    }
  }
  return new FileResult(
    Buffer.from(await workbook.xlsx.writeBuffer()),
    XLSX_MIME,
    `成绩导入错误-${batch.name}-${kept.id}.xlsx`,
  );
}
