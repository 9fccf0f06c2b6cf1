import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { CourseStatus, QuestionType } from '../../contract/course';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import { defineTreeCategory, type TreeCategory } from '../category-tree/tree-category.model';

/** A folder of a project's courses (the category tree of `course_category`). */
export const CourseCategory = defineTreeCategory('course_category');
export type CourseCategory = TreeCategory;

/** A course: an ordered list of lessons (videos) with hours; `hoursTenths` is their sum. */
export class Course extends Model<InferAttributes<Course>, InferCreationAttributes<Course>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare categoryId: number;
  declare name: string;
  declare teacherName: string | null;
  declare description: string | null;
  declare status: CreationOptional<CourseStatus>;
  /** Total hours of the lessons, in tenths of an hour (5 = 0.5 h). */
  declare hoursTenths: CreationOptional<number>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Course.init(
      {
        ...tenantKeyAttributes,
        categoryId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        teacherName: { type: DataTypes.STRING(50), allowNull: true },
        description: { type: DataTypes.TEXT, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'DRAFT' },
        hoursTenths: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'course' },
    );
  }
}

/** A lesson of a course: a video of the same project, its hours (tenths) and trial seconds. */
export class CourseLesson extends Model<
  InferAttributes<CourseLesson>,
  InferCreationAttributes<CourseLesson>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare courseId: number;
  declare resourceId: number;
  declare sort: number;
  declare hoursTenths: number;
  declare trialSeconds: number;

  static initModel(sequelize: Sequelize): void {
    CourseLesson.init(
      {
        ...tenantKeyAttributes,
        courseId: { type: DataTypes.INTEGER, allowNull: false },
        resourceId: { type: DataTypes.INTEGER, allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false },
        hoursTenths: { type: DataTypes.INTEGER, allowNull: false },
        trialSeconds: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      },
      { sequelize, tableName: 'course_lesson', timestamps: false },
    );
  }
}

/** A pop-up question shown while a video plays, at `markSecond`. */
export class ResourceQuestion extends Model<
  InferAttributes<ResourceQuestion>,
  InferCreationAttributes<ResourceQuestion>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare resourceId: number;
  declare markSecond: number;
  declare type: QuestionType;
  declare content: string;
  declare options: string[];
  /** The right option letters, ascending (`A`, `AC`). */
  declare answer: string;
  declare explanation: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ResourceQuestion.init(
      {
        ...tenantKeyAttributes,
        resourceId: { type: DataTypes.INTEGER, allowNull: false },
        markSecond: { type: DataTypes.INTEGER, allowNull: false },
        type: { type: DataTypes.STRING(12), allowNull: false },
        content: { type: DataTypes.STRING(500), allowNull: false },
        options: { type: DataTypes.JSONB, allowNull: false },
        answer: { type: DataTypes.STRING(6), allowNull: false },
        explanation: { type: DataTypes.STRING(1000), allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'resource_question' },
    );
  }
}
