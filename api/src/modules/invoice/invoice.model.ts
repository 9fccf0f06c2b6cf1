import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type {
  InvoiceKind,
  InvoiceLogSource,
  InvoiceStatus,
  InvoiceTitleType,
  TaxRatePct,
} from '../../contract/invoice';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** A project's seller details, printed on its invoices (`invoice/config`). */
export class InvoiceConfig extends Model<
  InferAttributes<InvoiceConfig>,
  InferCreationAttributes<InvoiceConfig>
> {
  declare projectId: number;
  declare sellerName: string;
  declare sellerTaxNo: string;
  declare sellerAddressPhone: string;
  declare sellerBankAccount: string;
  declare itemName: string;
  declare taxRatePct: TaxRatePct;
  declare updatedBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    InvoiceConfig.init(
      {
        projectId: { type: DataTypes.INTEGER, primaryKey: true },
        sellerName: { type: DataTypes.STRING(100), allowNull: false },
        sellerTaxNo: { type: DataTypes.STRING(20), allowNull: false },
        sellerAddressPhone: { type: DataTypes.STRING(200), allowNull: false },
        sellerBankAccount: { type: DataTypes.STRING(200), allowNull: false },
        itemName: { type: DataTypes.STRING(60), allowNull: false },
        taxRatePct: { type: DataTypes.SMALLINT, allowNull: false },
        updatedBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'invoice_config' },
    );
  }
}

/**
 * An invoice application: for one order of a student (SINGLE) or many orders of one unit
 * (COLLECTIVE). `PENDING -> ISSUING -> ISSUED | FAILED`, `REJECTED`, `CANCELLED`; an issued one is
 * reversed by a red invoice (`RED_ISSUING -> REVERSED`).
 */
export class Invoice extends Model<InferAttributes<Invoice>, InferCreationAttributes<Invoice>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare kind: InvoiceKind;
  declare accountId: number | null;
  declare unitId: number | null;
  declare status: InvoiceStatus;
  declare titleType: InvoiceTitleType;
  declare title: string;
  declare taxNo: string | null;
  declare email: string | null;
  declare amountFen: number;
  /** What was sent to the platform when opened (the config may change later). */
  declare itemName: CreationOptional<string | null>;
  declare taxRatePct: CreationOptional<number | null>;
  /** The platform's idempotency key of this issue; a new one per re-save. */
  declare requestNo: string;
  declare serialNo: CreationOptional<string | null>;
  declare invoiceNumber: CreationOptional<string | null>;
  declare issuedAt: CreationOptional<Date | null>;
  /** Issued outside the platform and marked by staff (no PDF here). */
  declare marked: CreationOptional<boolean>;
  declare pdfKey: CreationOptional<string | null>;
  declare redRequestNo: CreationOptional<string | null>;
  declare redSerialNo: CreationOptional<string | null>;
  declare redInvoiceNumber: CreationOptional<string | null>;
  declare redReason: CreationOptional<string | null>;
  declare reversedAt: CreationOptional<Date | null>;
  declare redPdfKey: CreationOptional<string | null>;
  declare failure: CreationOptional<string | null>;
  declare rejectReason: CreationOptional<string | null>;
  declare remark: CreationOptional<string | null>;
  /** Requests sent to the platform for this invoice (issue and red). */
  declare attempts: CreationOptional<number>;
  declare createdBy: number | null;
  /** When the platform was last asked about it (the sweep). */
  declare checkedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Invoice.init(
      {
        ...tenantKeyAttributes,
        kind: { type: DataTypes.STRING(12), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: true },
        unitId: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(12), allowNull: false },
        titleType: { type: DataTypes.STRING(10), allowNull: false },
        title: { type: DataTypes.STRING(100), allowNull: false },
        taxNo: { type: DataTypes.STRING(20), allowNull: true },
        email: { type: DataTypes.STRING(100), allowNull: true },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        itemName: { type: DataTypes.STRING(60), allowNull: true },
        taxRatePct: { type: DataTypes.SMALLINT, allowNull: true },
        requestNo: { type: DataTypes.STRING(32), allowNull: false },
        serialNo: { type: DataTypes.STRING(64), allowNull: true },
        invoiceNumber: { type: DataTypes.STRING(32), allowNull: true },
        issuedAt: { type: DataTypes.DATE, allowNull: true },
        marked: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        pdfKey: { type: DataTypes.STRING(200), allowNull: true },
        redRequestNo: { type: DataTypes.STRING(32), allowNull: true },
        redSerialNo: { type: DataTypes.STRING(64), allowNull: true },
        redInvoiceNumber: { type: DataTypes.STRING(32), allowNull: true },
        redReason: { type: DataTypes.STRING(200), allowNull: true },
        reversedAt: { type: DataTypes.DATE, allowNull: true },
        redPdfKey: { type: DataTypes.STRING(200), allowNull: true },
        failure: { type: DataTypes.STRING(200), allowNull: true },
        rejectReason: { type: DataTypes.STRING(200), allowNull: true },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        checkedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'invoice' },
    );
  }
}

/** An order an invoice covers, with the amount invoiced for it; `active` while the invoice may still stand. */
export class InvoiceOrder extends Model<
  InferAttributes<InvoiceOrder>,
  InferCreationAttributes<InvoiceOrder>
> {
  declare id: CreationOptional<number>;
  declare invoiceId: number;
  declare projectId: number;
  declare orderId: number;
  declare amountFen: number;
  declare active: CreationOptional<boolean>;

  static initModel(sequelize: Sequelize): void {
    InvoiceOrder.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        invoiceId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        orderId: { type: DataTypes.INTEGER, allowNull: false },
        amountFen: { type: DataTypes.INTEGER, allowNull: false },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      },
      { sequelize, tableName: 'invoice_order', timestamps: false },
    );
  }
}

/** A change of an invoice's state: who or what, from, to, why. */
export class InvoiceLog extends Model<InferAttributes<InvoiceLog>, InferCreationAttributes<InvoiceLog>> {
  declare id: CreationOptional<number>;
  declare invoiceId: number;
  declare projectId: number;
  declare fromStatus: InvoiceStatus | null;
  declare toStatus: InvoiceStatus;
  declare source: InvoiceLogSource;
  declare actorId: number | null;
  declare reason: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    InvoiceLog.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        invoiceId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        fromStatus: { type: DataTypes.STRING(12), allowNull: true },
        toStatus: { type: DataTypes.STRING(12), allowNull: false },
        source: { type: DataTypes.STRING(12), allowNull: false },
        actorId: { type: DataTypes.INTEGER, allowNull: true },
        reason: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'invoice_log', updatedAt: false },
    );
  }
}
