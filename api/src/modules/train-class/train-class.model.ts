import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { EvaluationStatus } from '../../contract/class-evaluation';
import type { ClassCourseKind, MyClassStatus } from '../../contract/train-class';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** A class (班级) of a train plan: price in fen, windows as `YYYY-MM-DD`, hours in tenths. */
export class TrainClass extends Model<InferAttributes<TrainClass>, InferCreationAttributes<TrainClass>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare planId: number;
  declare categoryId: number;
  declare certificateTemplateId: number | null;
  declare name: string;
  declare year: number;
  declare amountFen: number;
  declare enrolStartDate: string;
  declare enrolEndDate: string;
  declare studyStartDate: string;
  declare studyEndDate: string;
  /** Elective hours a student must earn, in tenths. */
  declare electiveHoursTenths: CreationOptional<number>;
  declare studyInOrder: CreationOptional<boolean>;
  declare examRequired: CreationOptional<boolean>;
  declare examPassScore: CreationOptional<number>;
  declare teacherName: string | null;
  declare description: string | null;
  declare onShelf: CreationOptional<boolean>;
  /** Enrolment goes through an application staff approve (报名需审核). */
  declare applyRequired: CreationOptional<boolean>;
  declare shelvedAt: CreationOptional<Date | null>;
  declare sort: CreationOptional<number>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    TrainClass.init(
      {
        ...tenantKeyAttributes,
        planId: { type: DataTypes.INTEGER, allowNull: false },
        categoryId: { type: DataTypes.INTEGER, allowNull: false },
        certificateTemplateId: { type: DataTypes.INTEGER, allowNull: true },
        name: { type: DataTypes.STRING(100), allowNull: false },
        year: { type: DataTypes.SMALLINT, allowNull: false },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        enrolStartDate: { type: DataTypes.DATEONLY, allowNull: false },
        enrolEndDate: { type: DataTypes.DATEONLY, allowNull: false },
        studyStartDate: { type: DataTypes.DATEONLY, allowNull: false },
        studyEndDate: { type: DataTypes.DATEONLY, allowNull: false },
        electiveHoursTenths: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        studyInOrder: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        examRequired: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        examPassScore: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 60 },
        teacherName: { type: DataTypes.STRING(50), allowNull: true },
        description: { type: DataTypes.TEXT, allowNull: true },
        onShelf: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        applyRequired: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        shelvedAt: { type: DataTypes.DATE, allowNull: true },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'train_class' },
    );
  }
}

/** A course of a class: required or elective, with the hours (tenths) it credits in the class. */
export class TrainClassCourse extends Model<
  InferAttributes<TrainClassCourse>,
  InferCreationAttributes<TrainClassCourse>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare classId: number;
  declare courseId: number;
  declare kind: ClassCourseKind;
  declare hoursTenths: number;
  declare sort: number;

  static initModel(sequelize: Sequelize): void {
    TrainClassCourse.init(
      {
        ...tenantKeyAttributes,
        classId: { type: DataTypes.INTEGER, allowNull: false },
        courseId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(12), allowNull: false },
        hoursTenths: { type: DataTypes.INTEGER, allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false },
      },
      { sequelize, tableName: 'train_class_course', timestamps: false },
    );
  }
}

/**
 * A student's enrolment in a class (我的班级). Payments create, start, remove and refund it through
 * `enrolment.service.ts`.
 */
export class MyClass extends Model<InferAttributes<MyClass>, InferCreationAttributes<MyClass>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare classId: number;
  /** The unit class the enrolment was bought through (a unit's import), else null. */
  declare unitClassId: CreationOptional<number | null>;
  declare status: MyClassStatus;
  /** Required hours credited by study, in tenths. */
  declare requiredTenths: CreationOptional<number>;
  /** Elective hours credited by study, in tenths. */
  declare electiveTenths: CreationOptional<number>;
  declare finishedStudyAt: CreationOptional<Date | null>;
  declare passedAt: CreationOptional<Date | null>;
  /** When the student closed the finished class (结束班级): it is listed under 已结束 from then. */
  declare endedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    MyClass.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        unitClassId: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false },
        requiredTenths: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        electiveTenths: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        finishedStudyAt: { type: DataTypes.DATE, allowNull: true },
        passedAt: { type: DataTypes.DATE, allowNull: true },
        endedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'my_class' },
    );
  }
}

/** A student's evaluation of a class: score 1..5 and a comment; staff may hide it. */
export class ClassEvaluation extends Model<
  InferAttributes<ClassEvaluation>,
  InferCreationAttributes<ClassEvaluation>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare classId: number;
  declare accountId: number;
  declare score: number;
  declare content: string | null;
  declare status: CreationOptional<EvaluationStatus>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ClassEvaluation.init(
      {
        ...tenantKeyAttributes,
        classId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        score: { type: DataTypes.SMALLINT, allowNull: false },
        content: { type: DataTypes.STRING(500), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'VISIBLE' },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'class_evaluation' },
    );
  }
}
