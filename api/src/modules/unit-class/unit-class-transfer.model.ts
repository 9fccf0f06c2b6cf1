import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { TransferRecordStatus, UnitClassTransferStatus } from '../../contract/unit-class-transfer';
import { jobProgressAttributes } from '../../core/chunked-job';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A transfer of students from one unit class to another of the same class (docs/product-decisions.md
 * "Unit class transfers"): a job that moves its records' enrolments a chunk at a time. The counts
 * say where it stands; the records say what became of each student.
 */
export class UnitClassTransfer extends Model<
  InferAttributes<UnitClassTransfer>,
  InferCreationAttributes<UnitClassTransfer>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare classId: number;
  declare fromUnitClassId: number;
  declare toUnitClassId: number;
  declare fromUnitId: number;
  declare toUnitId: number;
  declare status: UnitClassTransferStatus;
  declare total: number;
  declare processed: CreationOptional<number>;
  declare okCount: CreationOptional<number>;
  declare failedCount: CreationOptional<number>;
  declare message: CreationOptional<string | null>;
  declare createdBy: number | null;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UnitClassTransfer.init(
      {
        ...tenantKeyAttributes,
        classId: { type: DataTypes.INTEGER, allowNull: false },
        fromUnitClassId: { type: DataTypes.INTEGER, allowNull: false },
        toUnitClassId: { type: DataTypes.INTEGER, allowNull: false },
        fromUnitId: { type: DataTypes.INTEGER, allowNull: false },
        toUnitId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        ...jobProgressAttributes,
        ...timestampAttributes,
      },
      { sequelize, tableName: 'unit_class_transfer' },
    );
  }
}

/** One student of a transfer: staged PENDING, then OK or FAILED with its reason. */
export class UnitClassTransferRecord extends Model<
  InferAttributes<UnitClassTransferRecord>,
  InferCreationAttributes<UnitClassTransferRecord>
> {
  declare id: CreationOptional<number>;
  declare transferId: number;
  declare projectId: number;
  declare myClassId: number;
  declare accountId: number | null;
  declare fromUnitClassId: number;
  declare toUnitClassId: number;
  declare status: CreationOptional<TransferRecordStatus>;
  declare reason: CreationOptional<string | null>;
  declare createdBy: number | null;
  declare processedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UnitClassTransferRecord.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        transferId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: true },
        fromUnitClassId: { type: DataTypes.INTEGER, allowNull: false },
        toUnitClassId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'PENDING' },
        reason: { type: DataTypes.STRING(200), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        processedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'unit_class_transfer_record', updatedAt: false },
    );
  }
}
