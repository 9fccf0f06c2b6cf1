import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { RefundApplyStatus } from '../../contract/refund-apply';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A student's refund application for a paid order, or one item of it (migration 0026):
 * `PENDING -> APPROVED -> REFUNDING -> SUCCESS | FAILED`, or REJECTED, CANCELLED. Approval starts a
 * refund (`payRefundId`) the application then follows.
 */
export class RefundApply extends Model<InferAttributes<RefundApply>, InferCreationAttributes<RefundApply>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare orderId: number;
  declare orderItemId: number | null;
  declare accountId: number;
  declare status: RefundApplyStatus;
  declare amountFen: number;
  declare reason: string;
  declare rejectReason: CreationOptional<string | null>;
  declare failure: CreationOptional<string | null>;
  declare payRefundId: CreationOptional<number | null>;
  declare auditedBy: CreationOptional<number | null>;
  declare auditedAt: CreationOptional<Date | null>;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    RefundApply.init(
      {
        ...tenantKeyAttributes,
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        orderItemId: { type: DataTypes.INTEGER, allowNull: true },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(12), allowNull: false },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        reason: { type: DataTypes.STRING(200), allowNull: false },
        rejectReason: { type: DataTypes.STRING(200), allowNull: true },
        failure: { type: DataTypes.STRING(200), allowNull: true },
        payRefundId: { type: DataTypes.INTEGER, allowNull: true },
        auditedBy: { type: DataTypes.INTEGER, allowNull: true },
        auditedAt: { type: DataTypes.DATE, allowNull: true },
        finishedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'refund_apply' },
    );
  }
}
