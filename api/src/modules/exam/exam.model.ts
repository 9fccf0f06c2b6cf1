import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { AttemptKind, AttemptStatus } from '../../contract/exam';
import type { PaperMode } from '../../contract/exam-paper';
import type { ExamQuestionType } from '../../contract/exam-question';
import type { ReviewPolicy } from '../../contract/exam-setting';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import { defineTreeCategory, type TreeCategory } from '../category-tree/tree-category.model';

/** A folder of a project's exam questions (the exam type tree, `exam_category`). */
export const ExamCategory = defineTreeCategory('exam_category');
export type ExamCategory = TreeCategory;

/** A question of a project's bank; `answer` holds the right letters, `acceptedAnswers` a FILL's texts. */
export class ExamQuestion extends Model<
  InferAttributes<ExamQuestion>,
  InferCreationAttributes<ExamQuestion>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare categoryId: number | null;
  declare type: ExamQuestionType;
  declare content: string;
  declare options: string[];
  declare answer: string;
  declare acceptedAnswers: string[];
  declare analysis: string | null;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExamQuestion.init(
      {
        ...tenantKeyAttributes,
        categoryId: { type: DataTypes.INTEGER, allowNull: true },
        type: { type: DataTypes.STRING(12), allowNull: false },
        content: { type: DataTypes.STRING(1000), allowNull: false },
        options: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        answer: { type: DataTypes.STRING(8), allowNull: false, defaultValue: '' },
        acceptedAnswers: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        analysis: { type: DataTypes.TEXT, allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'exam_question' },
    );
  }
}

/** A rule of a random paper as stored (score in tenths). */
export interface StoredPaperRule {
  categoryId: number | null;
  type: ExamQuestionType;
  count: number;
  scoreTenths: number;
}

/** A paper: hand-chosen questions (`exam_paper_question`) or random `rules`. */
export class ExamPaper extends Model<InferAttributes<ExamPaper>, InferCreationAttributes<ExamPaper>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare name: string;
  declare mode: PaperMode;
  declare description: string | null;
  declare rules: StoredPaperRule[];
  declare questionCount: number;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExamPaper.init(
      {
        ...tenantKeyAttributes,
        name: { type: DataTypes.STRING(100), allowNull: false },
        mode: { type: DataTypes.STRING(8), allowNull: false },
        description: { type: DataTypes.STRING(500), allowNull: true },
        rules: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        questionCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'exam_paper' },
    );
  }
}

/** A hand-chosen question of a FIXED paper, with its score (tenths) and place. */
export class ExamPaperQuestion extends Model<
  InferAttributes<ExamPaperQuestion>,
  InferCreationAttributes<ExamPaperQuestion>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare paperId: number;
  declare questionId: number;
  declare scoreTenths: number;
  declare sort: number;

  static initModel(sequelize: Sequelize): void {
    ExamPaperQuestion.init(
      {
        ...tenantKeyAttributes,
        paperId: { type: DataTypes.INTEGER, allowNull: false },
        questionId: { type: DataTypes.INTEGER, allowNull: false },
        scoreTenths: { type: DataTypes.INTEGER, allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false },
      },
      { sequelize, tableName: 'exam_paper_question', timestamps: false },
    );
  }
}

/** The exam of a class beyond its `examRequired` / `examPassScore`. */
export class ExamSetting extends Model<InferAttributes<ExamSetting>, InferCreationAttributes<ExamSetting>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare classId: number;
  declare paperId: number | null;
  declare timeLimitMinutes: number;
  declare attemptsAllowed: number;
  declare reviewPolicy: ReviewPolicy;
  declare exerciseEnabled: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExamSetting.init(
      {
        ...tenantKeyAttributes,
        classId: { type: DataTypes.INTEGER, allowNull: false },
        paperId: { type: DataTypes.INTEGER, allowNull: true },
        timeLimitMinutes: { type: DataTypes.INTEGER, allowNull: false },
        attemptsAllowed: { type: DataTypes.INTEGER, allowNull: false },
        reviewPolicy: { type: DataTypes.STRING(16), allowNull: false },
        exerciseEnabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'exam_setting' },
    );
  }
}

/** A question of an attempt as it was drawn (with the answer: the server's copy only). */
export interface AttemptQuestion {
  no: number;
  questionId: number;
  type: ExamQuestionType;
  content: string;
  options: string[];
  scoreTenths: number;
  answer: string;
  acceptedAnswers: string[];
  analysis: string | null;
}

/** An exam or exercise of an enrolment: the drawn questions, the answers saved (by `no`), the grade. */
export class ExamAttempt extends Model<InferAttributes<ExamAttempt>, InferCreationAttributes<ExamAttempt>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number;
  declare classId: number;
  declare paperId: number | null;
  declare paperName: string;
  declare kind: AttemptKind;
  declare status: CreationOptional<AttemptStatus>;
  declare questions: AttemptQuestion[];
  declare answers: CreationOptional<Record<string, string>>;
  declare passScore: number;
  declare startedAt: Date;
  declare deadline: Date | null;
  declare submittedAt: CreationOptional<Date | null>;
  declare scoreTenths: CreationOptional<number | null>;
  declare passed: CreationOptional<boolean | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExamAttempt.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        paperId: { type: DataTypes.INTEGER, allowNull: true },
        paperName: { type: DataTypes.STRING(100), allowNull: false },
        kind: { type: DataTypes.STRING(8), allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'OPEN' },
        questions: { type: DataTypes.JSONB, allowNull: false },
        answers: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        passScore: { type: DataTypes.SMALLINT, allowNull: false },
        startedAt: { type: DataTypes.DATE, allowNull: false },
        deadline: { type: DataTypes.DATE, allowNull: true },
        submittedAt: { type: DataTypes.DATE, allowNull: true },
        scoreTenths: { type: DataTypes.INTEGER, allowNull: true },
        passed: { type: DataTypes.BOOLEAN, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'exam_attempt' },
    );
  }
}
