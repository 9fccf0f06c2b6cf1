import ExcelJS from 'exceljs';
import {
  EXAM_QUESTION_IMPORT_COLUMNS,
  EXAM_QUESTION_IMPORT_MAX_ROWS,
  EXAM_QUESTION_TYPE_LABEL,
  EXAM_QUESTION_TYPES,
  type ExamQuestionImportAnswer,
  type ExamQuestionImportError,
  type ExamQuestionImportField,
  type ExamQuestionType,
} from '../../contract/exam-question';
import { type ActorScope, FileResult, type UploadedFile } from '../../core/action';
import { readTemplateRows, XLSX_MIME } from '../../core/xlsx';
import { audit } from '../audit/audit.service';
import { ExamQuestion } from './exam.model';
import { examCategories } from './exam-category.service';
import { type CheckedAnswer, checkExamQuestion } from './question.service';

/**
 * The import of exam questions from an `.xlsx` of the template, as the student import does it:
 * every row is read and checked (type, content, options, answer, analysis, category, repeats inside
 * the file) before anything is written; a file with any error imports nothing and answers every
 * error with its row and column.
 */

const TEMPLATE_SHEET = '试题';
const GUIDE_SHEET = '填写说明';
const TEMPLATE_FILE = '考试试题导入模板.xlsx';
const OPTION_KEYS = ['optionA', 'optionB', 'optionC', 'optionD', 'optionE', 'optionF'] as const;
const FILL_SEPARATOR = '|';

const GUIDE_LINES = [
  '1. 在「试题」工作表中每行填写一道试题，不要修改第一行表头。',
  '2. 题型填写 单选题、多选题、判断题 或 填空题；题干、答案为必填项。',
  '3. 单选题、多选题填写 2 到 6 个选项（从选项A起连续填写）；判断题、填空题不填选项。',
  '4. 答案：单选题填一个字母（如 B）；多选题填两个及以上字母（如 ACD）；判断题填 正确 或 错误（也可填 A / B）；',
  `   填空题填写可接受的答案，多个答案用“${FILL_SEPARATOR}”分隔（判分时忽略首尾空格和大小写）。`,
  '5. 多选题须全部选对才得分，少选、多选均不得分。',
  '6. 分类可不填；填写时须与「考试题库」中已有的考试分类一致，多级分类用“/”分隔（如 安全生产/消防安全）。',
  `7. 一个文件最多 ${EXAM_QUESTION_IMPORT_MAX_ROWS} 道试题；任何一行有误时整个文件都不会导入，请按提示改正后重新上传。`,
];

const EXAMPLES: Record<ExamQuestionImportField, string>[] = [
  {
    type: '单选题',
    content: '发现火灾后，应首先拨打的报警电话是？',
    optionA: '110',
    optionB: '119',
    optionC: '120',
    optionD: '122',
    optionE: '',
    optionF: '',
    answer: 'B',
    analysis: '119 是火警电话。',
    category: '',
  },
  {
    type: '填空题',
    content: '干粉灭火器使用时应对准火焰的____部。',
    optionA: '',
    optionB: '',
    optionC: '',
    optionD: '',
    optionE: '',
    optionF: '',
    answer: '根|根部',
    analysis: '',
    category: '',
  },
];

/** `exam-question/import-template`: the template (a sheet of columns with two examples) and its rules. */
export async function questionImportTemplate(): Promise<FileResult> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TEMPLATE_SHEET);
  sheet.columns = EXAM_QUESTION_IMPORT_COLUMNS.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.key === 'content' || column.key === 'analysis' ? 40 : column.key === 'type' ? 10 : 16,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  EXAM_QUESTION_IMPORT_COLUMNS.forEach((column, index) => {
    if (column.required)
      sheet.getRow(1).getCell(index + 1).font = { bold: true, color: { argb: 'FFC00000' } };
  });
  for (const example of EXAMPLES) sheet.addRow(example);
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  guide.getColumn(1).width = 110;
  for (const line of GUIDE_LINES) guide.addRow([line]);
  return new FileResult(Buffer.from(await workbook.xlsx.writeBuffer()), XLSX_MIME, TEMPLATE_FILE);
}

/** A type as written: 单选题 / 单选 / SINGLE ... */
function parseType(text: string): ExamQuestionType | null {
  const upper = text.trim().toUpperCase();
  if ((EXAM_QUESTION_TYPES as readonly string[]).includes(upper)) return upper as ExamQuestionType;
  for (const type of EXAM_QUESTION_TYPES) {
    const label = EXAM_QUESTION_TYPE_LABEL[type];
    if (text === label || text === label.slice(0, 2)) return type;
  }
  return null;
}

/** A judge answer as letters: 正确 / 对 / √ → A, 错误 / 错 / × → B. */
function judgeLetter(text: string): string {
  if (['正确', '对', '√', '是', 'T', 'TRUE'].includes(text.toUpperCase())) return 'A';
  if (['错误', '错', '×', '否', 'F', 'FALSE'].includes(text.toUpperCase())) return 'B';
  return text;
}

/** A category path as compared: names joined by `/` without spaces. */
const pathKey = (path: string) =>
  path
    .split('/')
    .map((name) => name.trim())
    .filter(Boolean)
    .join('/');

/** Maps a checked question's field errors onto the template's columns. */
const FIELD_COLUMN: Record<string, ExamQuestionImportField> = {
  options: 'optionA',
  answer: 'answer',
  acceptedAnswers: 'answer',
};

interface CheckedImport extends CheckedAnswer {
  type: ExamQuestionType;
  content: string;
  analysis: string | null;
  categoryId: number | null;
}

/**
 * `exam-question/import` (multipart `file`): all or nothing. Answers the rows read, the questions
 * imported and every error (row, column, value, why); with any error nothing is written.
 */
export async function importQuestions(
  scope: ActorScope,
  file: UploadedFile | undefined,
): Promise<ExamQuestionImportAnswer> {
  const rows = (
    await readTemplateRows(file, {
      columns: EXAM_QUESTION_IMPORT_COLUMNS,
      maxRows: EXAM_QUESTION_IMPORT_MAX_ROWS,
      emptyMessage: '文件中没有试题数据',
      tooManyMessage: `一次最多导入 ${EXAM_QUESTION_IMPORT_MAX_ROWS} 道试题，请分批导入`,
    })
  ).map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries(Object.entries(cells).map(([key, cell]) => [key, cell.text])) as Record<
      ExamQuestionImportField,
      string
    >,
  }));
  const paths = await examCategories.categoryPaths(scope);
  const categoryByPath = new Map<string, number>();
  const byName = new Map<string, number[]>();
  for (const [id, path] of paths) {
    categoryByPath.set(pathKey(path), id);
    const name = path.split(' / ').at(-1) ?? path;
    byName.set(name, [...(byName.get(name) ?? []), id]);
  }
  const errors: ExamQuestionImportError[] = [];
  const checked: CheckedImport[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of rows) {
    const fail = (field: ExamQuestionImportField, message: string) =>
      errors.push({ row, field, value: cells[field], message });
    const before = errors.length;
    const type = parseType(cells.type);
    if (!cells.type) fail('type', '请填写题型');
    else if (!type) fail('type', '题型应为 单选题、多选题、判断题 或 填空题');
    if (!cells.content) fail('content', '请填写题干');
    else if (cells.content.length > 1000) fail('content', '题干不能超过 1000 个字符');
    if (!cells.answer) fail('answer', '请填写答案');
    if (cells.analysis.length > 2000) fail('analysis', '解析不能超过 2000 个字符');
    const options: string[] = [];
    let gap = false;
    for (const key of OPTION_KEYS) {
      const text = cells[key];
      if (text.length > 200) fail(key, '选项内容不能超过 200 个字符');
      if (text && gap) fail(key, '选项应从选项A起连续填写');
      if (text) options.push(text);
      else gap = true;
    }
    let categoryId: number | null = null;
    if (cells.category) {
      const exact = categoryByPath.get(pathKey(cells.category));
      const named = byName.get(cells.category.trim()) ?? [];
      if (exact) categoryId = exact;
      else if (named.length === 1) categoryId = named[0] as number;
      else if (named.length > 1) fail('category', '有多个同名分类，请填写完整路径（如 安全生产/消防安全）');
      else fail('category', '考试分类不存在');
    }
    if (type && cells.content) {
      const key = `${type}\n${cells.content}`;
      const first = seen.get(key);
      if (first) fail('content', `与第 ${first} 行的试题重复`);
      else seen.set(key, row);
    }
    if (!type || !cells.answer || errors.length > before) continue;
    const result = checkExamQuestion({
      type,
      options,
      answer:
        type === 'FILL'
          ? ''
          : (type === 'JUDGE' ? judgeLetter(cells.answer) : cells.answer)
              .toUpperCase()
              .replace(/[\s,，]/g, ''),
      acceptedAnswers: type === 'FILL' ? cells.answer.split(FILL_SEPARATOR) : [],
    });
    if (Array.isArray(result)) {
      for (const error of result) fail(FIELD_COLUMN[error.field] ?? 'answer', error.message);
      continue;
    }
    checked.push({ ...result, type, content: cells.content, analysis: cells.analysis || null, categoryId });
  }
  if (errors.length) return { total: rows.length, imported: 0, errors };
  const projectId = scope.project.id;
  await scope.sequelize.transaction(async (transaction) => {
    // Categories may have gone since they were read: check them again under the write.
    const ids = [...new Set(checked.flatMap((entry) => (entry.categoryId ? [entry.categoryId] : [])))];
    for (const id of ids) await examCategories.requireCategory(scope, id, 'category', transaction);
    await ExamQuestion.bulkCreate(
      checked.map((entry) => ({ projectId, createdBy: scope.principal.accountId, ...entry })),
      { transaction },
    );
    await audit(
      scope,
      {
        action: 'exam-question.import',
        projectId,
        targetType: 'exam-question',
        detail: { count: checked.length },
      },
      transaction,
    );
  });
  return { total: rows.length, imported: checked.length, errors: [] };
}
