import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type {
  ExceptionCaseAction,
  ExceptionCaseKind,
  ExceptionCaseStatus,
} from '../../contract/exception-register';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** A student's case in 异常登记 (migration 0046): kind, description, images, state and assignee. */
export class ExceptionCase extends Model<
  InferAttributes<ExceptionCase>,
  InferCreationAttributes<ExceptionCase>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare kind: ExceptionCaseKind;
  declare description: string;
  declare imageIds: CreationOptional<string[]>;
  declare status: ExceptionCaseStatus;
  declare assigneeId: CreationOptional<number | null>;
  declare createdBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExceptionCase.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(12), allowNull: false },
        description: { type: DataTypes.STRING(1000), allowNull: false },
        imageIds: { type: DataTypes.ARRAY(DataTypes.UUID), allowNull: false, defaultValue: [] },
        status: { type: DataTypes.STRING(12), allowNull: false },
        assigneeId: { type: DataTypes.INTEGER, allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'exception_case' },
    );
  }
}

/** One step of a case: its registration, an assignment, a move of its state; never changed. */
export class ExceptionCaseNoteRow extends Model<
  InferAttributes<ExceptionCaseNoteRow>,
  InferCreationAttributes<ExceptionCaseNoteRow>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare caseId: number;
  declare action: ExceptionCaseAction;
  declare fromStatus: ExceptionCaseStatus | null;
  declare toStatus: ExceptionCaseStatus;
  declare note: CreationOptional<string>;
  declare assigneeId: CreationOptional<number | null>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ExceptionCaseNoteRow.init(
      {
        ...tenantKeyAttributes,
        caseId: { type: DataTypes.INTEGER, allowNull: false },
        action: { type: DataTypes.STRING(12), allowNull: false },
        fromStatus: { type: DataTypes.STRING(12), allowNull: true },
        toStatus: { type: DataTypes.STRING(12), allowNull: false },
        note: { type: DataTypes.STRING(1000), allowNull: false, defaultValue: '' },
        assigneeId: { type: DataTypes.INTEGER, allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'exception_case_note', updatedAt: false },
    );
  }
}
