import { zIdCardNumber } from '@px/config';
import { z } from 'zod';
import { staff, visitor } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import { CMS_SCORE_PAGE, type CmsResult } from './cms';
import {
  type Abilities,
  type PageAnswer,
  zEmptyAsAbsent,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import type { SkillLevel } from './my-certificate';

/**
 * Scores of the examinations (spec section 7 "score": query, update, delete, import multipart,
 * template and error export blob; docs/product-decisions.md "CMS"): one score per registered
 * candidate and subject (or 缺考), kept in tenths; a candidate passes when every subject reaches
 * its pass mark. Scores are edited while the batch's scores are unpublished; publishing makes them
 * visible on `/cms-api/get-my-score` and issues skill certificates to those who passed when the
 * batch says so. `cms-api/get-my-score` is the public query by ID number and name behind the slider.
 */

/** The most rows one score import takes. */
export const SCORE_IMPORT_MAX_ROWS = 5000;
/** The fixed columns of the score template; one column per subject follows, headed by its name. */
export const SCORE_IMPORT_FIXED_COLUMNS = [
  { key: 'realName', header: '姓名', required: true },
  { key: 'idCardNo', header: '身份证号', required: true },
  { key: 'ticketNo', header: '准考证号', required: false },
] as const;
/** How an absent candidate's score is written in the template. */
export const SCORE_ABSENT_TEXT = '缺考';

const resultFilter = zEmptyAsAbsent(z.enum(['PASS', 'FAIL', 'MISSING'], { error: '成绩结果不正确' }));

/** `score/query` and `score/export`: a batch's registered candidates and their scores. */
export const scoreFilterFields = {
  batchId: zInput.id(),
  /** Name (part), ID number, mobile or ticket number (exact). */
  student: zOptionalText(50),
  /** PASS, FAIL (scored and failed) or MISSING (a subject without a score). */
  result: resultFilter,
};
export const scoreQueryInput = z.object({ ...zPage, ...scoreFilterFields });
export const scoreExportInput = z.object(scoreFilterFields);

/** A score as kept: a mark with one decimal, or absent (缺考). */
export interface SubjectScore {
  subjectId: number;
  score: number | null;
  absent: boolean;
}

/** A candidate's row of the score list. */
export interface ScoreRow {
  /** The application. */
  applyId: number;
  realName: string;
  /** Masked. */
  idCardNo: string;
  ticketNo: string | null;
  skillLevel: SkillLevel;
  /** One per subject of the batch that has a score. */
  scores: SubjectScore[];
  /** Every subject scored. */
  complete: boolean;
  /** Complete and every subject at its pass mark or above. */
  passed: boolean;
  certificateNo: string | null;
  updatedAt: string | null;
  abilities: Abilities<'edit'>;
}

/** `score/update` (body): a candidate's scores, subject by subject (absent: 缺考). */
export const scoreUpdateInput = z.object({
  applyId: zInput.id(),
  scores: z
    .array(
      z
        .object({
          subjectId: zInput.id(),
          score: z
            .number({ error: '成绩应为数字' })
            .min(0, { error: '成绩不能小于 0' })
            .max(1000, { error: '成绩不能超过 1000' })
            .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
              error: '成绩最多一位小数',
            })
            .nullable()
            .default(null),
          absent: z.boolean({ error: '缺考应为是或否' }).default(false),
        })
        .refine((value) => value.absent || value.score !== null, {
          error: '请填写成绩或标记缺考',
          path: ['score'],
        }),
      { error: '请填写成绩' },
    )
    .min(1, { error: '请填写成绩' })
    .max(10, { error: '科目不能超过 10 个' }),
});
export type ScoreUpdateInput = z.input<typeof scoreUpdateInput>;

/** `score/delete`: a candidate's scores, every subject. */
export const scoreDeleteInput = z.object({ applyId: zInput.id() });

/** A refused cell of a score import: the row as Excel numbers it, the column's header, what it held and why. */
export interface ScoreImportError {
  row: number;
  field: string;
  value: string;
  message: string;
}

/** `score/import`: rows read, rows imported (0 when any was refused) and every refused cell. */
export interface ScoreImportAnswer {
  total: number;
  imported: number;
  errors: ScoreImportError[];
  /** The refused import, whose error file `score/error-export` gives (null when nothing was refused). */
  importId: number | null;
}

/** `score/publish` / `score/unpublish`: the batch's candidates with published scores and certificates issued now. */
export interface ScorePublishAnswer {
  published: number;
  certificatesIssued: number;
}

/** `cms-api/get-my-score` (public): ID number and name, and a verified slider captcha. */
export const getMyScoreInput = z.object({
  idCardNo: zIdCardNumber,
  realName: zRequiredText('姓名', 50),
  /** The token of a slider verified through `captcha/check` (single use). */
  captchaToken: z.string({ error: '请先完成滑块验证' }).uuid({ error: '请先完成滑块验证' }),
});

/** A published result as the public query shows it. */
export interface PublicCmsScore extends CmsResult {
  batchName: string;
  occupation: string;
  skillLevel: SkillLevel;
  /** Masked. */
  realName: string;
  ticketNo: string | null;
  publishedAt: string;
}

const SCORE = staff(CMS_SCORE_PAGE);

/** Scores (`score/...`). */
export const scoreCalls = defineCalls('score', {
  query: { input: scoreQueryInput, answer: answer<PageAnswer<ScoreRow>>(), access: SCORE },
  update: { input: scoreUpdateInput, answer: answer<ScoreRow>(), access: SCORE },
  delete: { input: scoreDeleteInput, answer: answer<null>(), access: SCORE },
  template: { input: z.object({ batchId: zInput.id() }), answer: fileAnswer(), access: SCORE },
  import: {
    input: z.object({ batchId: zInput.id() }),
    answer: answer<ScoreImportAnswer>(),
    access: SCORE,
    upload: true,
  },
  'error-export': { input: z.object({ importId: zInput.id() }), answer: fileAnswer(), access: SCORE },
  export: { input: scoreExportInput, answer: fileAnswer(), access: SCORE },
  publish: { input: z.object({ batchId: zInput.id() }), answer: answer<ScorePublishAnswer>(), access: SCORE },
  unpublish: {
    input: z.object({ batchId: zInput.id() }),
    answer: answer<ScorePublishAnswer>(),
    access: SCORE,
  },
});

/** The public score query (`cms-api/...`, spec section 2 `/cms-api/get-my-score`). */
export const cmsApiCalls = defineCalls('cms-api', {
  'get-my-score': { input: getMyScoreInput, answer: answer<PublicCmsScore[]>(), access: visitor },
});
