import type { FieldError, StudyRecord } from '@px/regulator';
import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { PushOrigin, PushStatus } from '../../contract/regulator-push';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * One study record to report to the regulator (migration 0041): the outbox row, its push number the
 * regulator's idempotency key, its payload frozen at the first attempt.
 */
export class RegulatorPush extends Model<
  InferAttributes<RegulatorPush>,
  InferCreationAttributes<RegulatorPush>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare pushNo: string;
  declare myClassId: number;
  declare accountId: number;
  declare classId: number;
  declare kind: 'ORIGINAL' | 'CORRECTION';
  declare correctsId: number | null;
  declare origin: PushOrigin;
  declare status: PushStatus;
  declare attempts: CreationOptional<number>;
  /** Attempts that failed for a reason retrying may cure (counted against the cap). */
  declare failures: CreationOptional<number>;
  declare nextAttemptAt: CreationOptional<Date>;
  declare leaseUntil: CreationOptional<Date | null>;
  declare payload: CreationOptional<StudyRecord | null>;
  declare receiptNo: CreationOptional<string | null>;
  declare acceptedAt: CreationOptional<Date | null>;
  declare duplicate: CreationOptional<boolean>;
  declare lastCode: CreationOptional<string | null>;
  declare lastMessage: CreationOptional<string | null>;
  declare rejectErrors: CreationOptional<FieldError[] | null>;
  declare rejectField: CreationOptional<string | null>;
  declare rejectReason: CreationOptional<string | null>;
  declare handledAt: CreationOptional<Date | null>;
  declare handledBy: CreationOptional<number | null>;
  declare handleNote: CreationOptional<string | null>;
  declare createdBy: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    RegulatorPush.init(
      {
        ...tenantKeyAttributes,
        pushNo: { type: DataTypes.STRING(32), allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        kind: { type: DataTypes.STRING(12), allowNull: false },
        correctsId: { type: DataTypes.INTEGER, allowNull: true },
        origin: { type: DataTypes.STRING(12), allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        failures: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        nextAttemptAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
        leaseUntil: { type: DataTypes.DATE, allowNull: true },
        payload: { type: DataTypes.JSONB, allowNull: true },
        receiptNo: { type: DataTypes.STRING(64), allowNull: true },
        acceptedAt: { type: DataTypes.DATE, allowNull: true },
        duplicate: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        lastCode: { type: DataTypes.STRING(24), allowNull: true },
        lastMessage: { type: DataTypes.STRING(300), allowNull: true },
        rejectErrors: { type: DataTypes.JSONB, allowNull: true },
        rejectField: { type: DataTypes.STRING(64), allowNull: true },
        rejectReason: { type: DataTypes.STRING(40), allowNull: true },
        handledAt: { type: DataTypes.DATE, allowNull: true },
        handledBy: { type: DataTypes.INTEGER, allowNull: true },
        handleNote: { type: DataTypes.STRING(300), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'regulator_push', underscored: true },
    );
  }
}

/** What one attempt sent in short (never the whole record: the push keeps that). */
export interface PushRequestSummary {
  method: string;
  path: string;
  pushNo: string;
  kind: 'ORIGINAL' | 'CORRECTION';
  classCode: string;
  hours: number;
  result: string;
  /** Masked. */
  idNumber: string;
}

/** One attempt of a push: what was sent in short, what came back, how long it took. */
export class RegulatorPushLog extends Model<
  InferAttributes<RegulatorPushLog>,
  InferCreationAttributes<RegulatorPushLog>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare pushId: number;
  declare attempt: number;
  declare request: PushRequestSummary;
  /** The regulator's answer code, or UNREACHABLE when none came. */
  declare answerCode: string;
  declare httpStatus: number | null;
  declare durationMs: number;
  declare message: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    RegulatorPushLog.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        pushId: { type: DataTypes.INTEGER, allowNull: false },
        attempt: { type: DataTypes.INTEGER, allowNull: false },
        request: { type: DataTypes.JSONB, allowNull: false },
        answerCode: { type: DataTypes.STRING(24), allowNull: false },
        httpStatus: { type: DataTypes.SMALLINT, allowNull: true },
        durationMs: { type: DataTypes.INTEGER, allowNull: false },
        message: { type: DataTypes.STRING(300), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'regulator_push_log', underscored: true, updatedAt: false },
    );
  }
}
