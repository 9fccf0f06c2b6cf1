import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import type { Awaiting, Segment } from './heartbeat';

/** What a student has of one lesson of an enrolment (keyed by course and video; names kept as they were). */
export class LessonProgress extends Model<
  InferAttributes<LessonProgress>,
  InferCreationAttributes<LessonProgress>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number;
  declare courseId: number;
  declare resourceId: number;
  declare courseName: string;
  declare lessonName: string;
  declare durationSeconds: number;
  declare hoursTenths: number;
  declare creditedSeconds: CreationOptional<number>;
  declare furthestPosition: CreationOptional<number>;
  /** Where the student last was (resume point). */
  declare lastPosition: CreationOptional<number>;
  declare segments: CreationOptional<Segment[]>;
  declare refusedBeats: CreationOptional<number>;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    LessonProgress.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        courseId: { type: DataTypes.INTEGER, allowNull: false },
        resourceId: { type: DataTypes.INTEGER, allowNull: false },
        courseName: { type: DataTypes.STRING(100), allowNull: false },
        lessonName: { type: DataTypes.STRING(100), allowNull: false },
        durationSeconds: { type: DataTypes.INTEGER, allowNull: false },
        hoursTenths: { type: DataTypes.INTEGER, allowNull: false },
        creditedSeconds: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
        furthestPosition: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
        lastPosition: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
        segments: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        refusedBeats: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        finishedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'lesson_progress' },
    );
  }
}

export type StudySessionStatus = 'ACTIVE' | 'SUPERSEDED' | 'ENDED';

/** One device playing one lesson of an enrolment. */
export class StudySession extends Model<
  InferAttributes<StudySession>,
  InferCreationAttributes<StudySession>
> {
  declare id: string;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number;
  declare progressId: number;
  declare lessonId: number;
  declare status: CreationOptional<StudySessionStatus>;
  declare lastSeq: CreationOptional<number>;
  declare lastBeatAt: Date;
  declare lastPosition: number;
  declare awaiting: Awaiting;
  /** Pop-up questions of the video the student has not answered yet: id and second mark. */
  declare openQuestions: { id: number; markSecond: number }[];
  declare idleDueAt: Date | null;
  declare faceDueAt: Date | null;
  declare creditedSeconds: CreationOptional<number>;
  declare ip: string | null;
  declare userAgent: string | null;
  declare startedAt: CreationOptional<Date>;
  declare endedAt: CreationOptional<Date | null>;

  static initModel(sequelize: Sequelize): void {
    StudySession.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        progressId: { type: DataTypes.INTEGER, allowNull: false },
        lessonId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'ACTIVE' },
        lastSeq: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastBeatAt: { type: DataTypes.DATE, allowNull: false },
        lastPosition: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
        awaiting: { type: DataTypes.JSONB, allowNull: true },
        openQuestions: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        idleDueAt: { type: DataTypes.DATE, allowNull: true },
        faceDueAt: { type: DataTypes.DATE, allowNull: true },
        creditedSeconds: { type: DataTypes.DOUBLE, allowNull: false, defaultValue: 0 },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        userAgent: { type: DataTypes.STRING(300), allowNull: true },
        startedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
        endedAt: { type: DataTypes.DATE, allowNull: true },
      },
      { sequelize, tableName: 'study_session', timestamps: false },
    );
  }
}

/** A beat that credited nothing, with why. */
export class StudyRefusal extends Model<
  InferAttributes<StudyRefusal>,
  InferCreationAttributes<StudyRefusal>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare sessionId: string;
  declare progressId: number;
  declare seq: number;
  declare reason: string;
  declare position: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    StudyRefusal.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        sessionId: { type: DataTypes.UUID, allowNull: false },
        progressId: { type: DataTypes.INTEGER, allowNull: false },
        seq: { type: DataTypes.INTEGER, allowNull: false },
        reason: { type: DataTypes.STRING(24), allowNull: false },
        position: { type: DataTypes.DOUBLE, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'study_refusal', updatedAt: false },
    );
  }
}

/** A student's answer to a pop-up question, as it was asked. */
export class PopupAnswer extends Model<InferAttributes<PopupAnswer>, InferCreationAttributes<PopupAnswer>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number;
  declare progressId: number;
  declare questionId: number;
  declare markSecond: number;
  declare content: string;
  declare answer: string;
  declare correct: boolean;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PopupAnswer.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        progressId: { type: DataTypes.INTEGER, allowNull: false },
        questionId: { type: DataTypes.INTEGER, allowNull: false },
        markSecond: { type: DataTypes.INTEGER, allowNull: false },
        content: { type: DataTypes.STRING(500), allowNull: false },
        answer: { type: DataTypes.STRING(8), allowNull: false },
        correct: { type: DataTypes.BOOLEAN, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'popup_answer', updatedAt: false },
    );
  }
}
