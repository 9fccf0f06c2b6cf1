import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type {
  OrderChannel,
  OrderCloseReason,
  OrderKind,
  OrderLogSource,
  OrderStatus,
} from '../../contract/order';
import type { BatchOrderChannel, BatchOrderStatus } from '../../contract/unit-import';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** An order: the classes one student pays for at once (or is given by staff), money in fen. */
export class PayOrder extends Model<InferAttributes<PayOrder>, InferCreationAttributes<PayOrder>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare orderNo: string;
  declare accountId: number;
  declare unitId: number | null;
  /** What the order pays for: classes (its items) or, `CMS`, an examination's fee (`title`, no items). */
  declare kind: CreationOptional<OrderKind>;
  /** What a fee order pays for, as the payer sees it (null for class orders). */
  declare title: CreationOptional<string | null>;
  /** The batch order a unit pays this order through (a child order), else null. */
  declare batchOrderId: CreationOptional<number | null>;
  declare status: OrderStatus;
  declare channel: OrderChannel | null;
  declare totalFen: number;
  declare paidFen: CreationOptional<number>;
  /** What went back to the payer by refunds (fen). */
  declare refundedFen: CreationOptional<number>;
  declare transactionId: CreationOptional<string | null>;
  declare expiresAt: Date | null;
  declare paidAt: CreationOptional<Date | null>;
  declare closedAt: CreationOptional<Date | null>;
  declare closeReason: CreationOptional<OrderCloseReason | null>;
  declare remark: CreationOptional<string | null>;
  declare createdBy: CreationOptional<number | null>;
  /** When WeChat Pay was last asked about the order's open payments. */
  declare checkedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PayOrder.init(
      {
        ...tenantKeyAttributes,
        orderNo: { type: DataTypes.STRING(24), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        unitId: { type: DataTypes.INTEGER, allowNull: true },
        kind: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'CLASS' },
        title: { type: DataTypes.STRING(100), allowNull: true },
        batchOrderId: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false },
        channel: { type: DataTypes.STRING(16), allowNull: true },
        totalFen: { type: DataTypes.INTEGER, allowNull: false },
        paidFen: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        refundedFen: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        transactionId: { type: DataTypes.STRING(64), allowNull: true },
        expiresAt: { type: DataTypes.DATE, allowNull: true },
        paidAt: { type: DataTypes.DATE, allowNull: true },
        closedAt: { type: DataTypes.DATE, allowNull: true },
        closeReason: { type: DataTypes.STRING(16), allowNull: true },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        checkedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'pay_order' },
    );
  }
}

/** A class of an order, priced and named as it was when the order was created. */
export class PayOrderItem extends Model<
  InferAttributes<PayOrderItem>,
  InferCreationAttributes<PayOrderItem>
> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare projectId: number;
  declare classId: number;
  declare className: string;
  declare classYear: number;
  declare amountFen: number;
  /** The enrolment the item holds (PENDING_PAY until the order is paid). */
  declare myClassId: number | null;

  static initModel(sequelize: Sequelize): void {
    PayOrderItem.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        className: { type: DataTypes.STRING(100), allowNull: false },
        classYear: { type: DataTypes.SMALLINT, allowNull: false },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: true },
      },
      { sequelize, tableName: 'pay_order_item', timestamps: false },
    );
  }
}

export type PayAttemptChannel = 'WX_JSAPI' | 'WX_NATIVE';
export type PayAttemptStatus = 'OPEN' | 'PAID' | 'CLOSED';

/** One prepay at WeChat Pay under an `out_trade_no` of its own, for an order or a batch order. */
export class PayAttempt extends Model<InferAttributes<PayAttempt>, InferCreationAttributes<PayAttempt>> {
  declare id: CreationOptional<number>;
  /** The order paid (null for a batch order's payment). */
  declare orderId: number | null;
  /** The batch order paid (null for an order's payment). */
  declare batchOrderId: CreationOptional<number | null>;
  declare projectId: number;
  declare outTradeNo: string;
  declare channel: PayAttemptChannel;
  declare appId: string;
  declare mchId: string;
  declare wxappId: number;
  declare payerOpenid: string | null;
  declare prepayId: string | null;
  declare codeUrl: string | null;
  declare totalFen: number;
  declare status: CreationOptional<PayAttemptStatus>;
  declare transactionId: CreationOptional<string | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PayAttempt.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        orderId: { type: DataTypes.INTEGER, allowNull: true },
        batchOrderId: { type: DataTypes.INTEGER, allowNull: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        outTradeNo: { type: DataTypes.STRING(32), allowNull: false },
        channel: { type: DataTypes.STRING(16), allowNull: false },
        appId: { type: DataTypes.STRING(32), allowNull: false },
        mchId: { type: DataTypes.STRING(32), allowNull: false },
        wxappId: { type: DataTypes.INTEGER, allowNull: false },
        payerOpenid: { type: DataTypes.STRING(128), allowNull: true },
        prepayId: { type: DataTypes.STRING(64), allowNull: true },
        codeUrl: { type: DataTypes.STRING(255), allowNull: true },
        totalFen: { type: DataTypes.INTEGER, allowNull: false },
        status: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'OPEN' },
        transactionId: { type: DataTypes.STRING(64), allowNull: true },
        paidAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'pay_attempt' },
    );
  }
}

/** A state change of an order: who or what, from, to, why. */
export class PayOrderLog extends Model<InferAttributes<PayOrderLog>, InferCreationAttributes<PayOrderLog>> {
  declare id: CreationOptional<number>;
  declare orderId: number;
  declare projectId: number;
  declare fromStatus: OrderStatus | null;
  declare toStatus: OrderStatus;
  declare source: OrderLogSource;
  declare actorId: number | null;
  declare reason: string | null;
  declare detail: Record<string, unknown> | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PayOrderLog.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        fromStatus: { type: DataTypes.STRING(16), allowNull: true },
        toStatus: { type: DataTypes.STRING(16), allowNull: false },
        source: { type: DataTypes.STRING(16), allowNull: false },
        actorId: { type: DataTypes.INTEGER, allowNull: true },
        reason: { type: DataTypes.STRING(200), allowNull: true },
        detail: { type: DataTypes.JSONB, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'pay_order_log', updatedAt: false },
    );
  }
}

export type NotificationOutcome = 'APPLIED' | 'DUPLICATE' | 'REFUSED';

/** A payment notification as it was received and judged. */
export class PayNotification extends Model<
  InferAttributes<PayNotification>,
  InferCreationAttributes<PayNotification>
> {
  declare id: CreationOptional<number>;
  declare wxappId: number | null;
  declare notificationId: string | null;
  declare eventType: string | null;
  declare outTradeNo: string | null;
  declare outcome: NotificationOutcome;
  declare reason: string | null;
  declare receivedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PayNotification.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        wxappId: { type: DataTypes.INTEGER, allowNull: true },
        notificationId: { type: DataTypes.STRING(64), allowNull: true },
        eventType: { type: DataTypes.STRING(32), allowNull: true },
        outTradeNo: { type: DataTypes.STRING(32), allowNull: true },
        outcome: { type: DataTypes.STRING(12), allowNull: false },
        reason: { type: DataTypes.STRING(200), allowNull: true },
        receivedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'pay_notification', timestamps: false },
    );
  }
}

/**
 * A batch order: one payment by a unit for many child orders (`PayOrder.batchOrderId`), one per
 * student of an import into a unit class. `CREATED -> PAID | CANCELLED`; paying it pays every child.
 */
export class BatchOrder extends Model<InferAttributes<BatchOrder>, InferCreationAttributes<BatchOrder>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare unitId: number;
  declare unitClassId: number;
  declare batchNo: string;
  declare status: BatchOrderStatus;
  declare channel: CreationOptional<BatchOrderChannel | null>;
  declare orderCount: CreationOptional<number>;
  declare totalFen: CreationOptional<number>;
  declare paidFen: CreationOptional<number>;
  declare transactionId: CreationOptional<string | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare cancelledAt: CreationOptional<Date | null>;
  declare remark: CreationOptional<string | null>;
  declare createdBy: number | null;
  /** When WeChat Pay was last asked about its open payment. */
  declare checkedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    BatchOrder.init(
      {
        ...tenantKeyAttributes,
        unitId: { type: DataTypes.INTEGER, allowNull: false },
        unitClassId: { type: DataTypes.INTEGER, allowNull: false },
        batchNo: { type: DataTypes.STRING(24), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false },
        channel: { type: DataTypes.STRING(16), allowNull: true },
        orderCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        totalFen: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        paidFen: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        transactionId: { type: DataTypes.STRING(64), allowNull: true },
        paidAt: { type: DataTypes.DATE, allowNull: true },
        cancelledAt: { type: DataTypes.DATE, allowNull: true },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        checkedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'batch_order' },
    );
  }
}

export type PayRefundStatus = 'REFUNDING' | 'SUCCESS' | 'FAILED';

/**
 * One refund of one order: through WeChat Pay (against the trade of `attemptId`) or, for orders
 * paid offline or given free, recorded without it (no attempt, SUCCESS at once).
 */
export class PayRefund extends Model<InferAttributes<PayRefund>, InferCreationAttributes<PayRefund>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare orderId: number;
  /** The one item of the order this refund gives back (a partial refund), else null (what is left). */
  declare orderItemId: CreationOptional<number | null>;
  declare attemptId: number | null;
  declare outTradeNo: string | null;
  declare outRefundNo: string;
  declare refundId: CreationOptional<string | null>;
  declare wxappId: number | null;
  declare amountFen: number;
  declare tradeTotalFen: number | null;
  declare status: PayRefundStatus;
  declare reason: string;
  declare failure: CreationOptional<string | null>;
  declare createdBy: number | null;
  declare succeededAt: CreationOptional<Date | null>;
  declare checkedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PayRefund.init(
      {
        ...tenantKeyAttributes,
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        orderItemId: { type: DataTypes.INTEGER, allowNull: true },
        attemptId: { type: DataTypes.INTEGER, allowNull: true },
        outTradeNo: { type: DataTypes.STRING(32), allowNull: true },
        outRefundNo: { type: DataTypes.STRING(64), allowNull: false },
        refundId: { type: DataTypes.STRING(64), allowNull: true },
        wxappId: { type: DataTypes.INTEGER, allowNull: true },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        tradeTotalFen: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(12), allowNull: false },
        reason: { type: DataTypes.STRING(200), allowNull: false },
        failure: { type: DataTypes.STRING(200), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        succeededAt: { type: DataTypes.DATE, allowNull: true },
        checkedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'pay_refund' },
    );
  }
}
