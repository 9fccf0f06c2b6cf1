import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/** An access token of the `jxnc` group (migration 0051): only its SHA-256 is kept. */
export class PartnerToken extends Model<
  InferAttributes<PartnerToken>,
  InferCreationAttributes<PartnerToken>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare tokenHash: string;
  declare expiresAt: Date;
  declare revokedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerToken.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        tokenHash: { type: DataTypes.CHAR(64), allowNull: false },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_token', underscored: true, updatedAt: false },
    );
  }
}

/** A partner's account id bound to our student account (migration 0051). */
export class PartnerAccount extends Model<
  InferAttributes<PartnerAccount>,
  InferCreationAttributes<PartnerAccount>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare outAccountId: string;
  declare accountId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerAccount.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        outAccountId: { type: DataTypes.STRING(64), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_account', underscored: true, updatedAt: false },
    );
  }
}

/** A sign-up by the partner's request id (migration 0051): the idempotency record and its answer. */
export class PartnerSignUp extends Model<
  InferAttributes<PartnerSignUp>,
  InferCreationAttributes<PartnerSignUp>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare requestId: string;
  declare requestHash: string;
  declare outAccountId: string;
  declare accountId: number;
  declare classId: number;
  declare myClassId: number | null;
  declare orderId: number | null;
  declare answer: Record<string, unknown>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerSignUp.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        requestId: { type: DataTypes.STRING(64), allowNull: false },
        requestHash: { type: DataTypes.CHAR(64), allowNull: false },
        outAccountId: { type: DataTypes.STRING(64), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: true },
        orderId: { type: DataTypes.INTEGER, allowNull: true },
        answer: { type: DataTypes.JSONB, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_sign_up', underscored: true, updatedAt: false },
    );
  }
}

/** A one-time single-sign-on ticket of the study page (migration 0051): only its SHA-256 is kept. */
export class PartnerSsoTicket extends Model<
  InferAttributes<PartnerSsoTicket>,
  InferCreationAttributes<PartnerSsoTicket>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare ticketHash: string;
  declare accountId: number;
  declare myClassId: number;
  declare expiresAt: Date;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerSsoTicket.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        ticketHash: { type: DataTypes.CHAR(64), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: false },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        usedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_sso_ticket', underscored: true, updatedAt: false },
    );
  }
}

export type NoticeStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

/** A progress notice to an app's callback URL (migration 0052). */
export class PartnerNotice extends Model<
  InferAttributes<PartnerNotice>,
  InferCreationAttributes<PartnerNotice>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare myClassId: number | null;
  declare event: string;
  declare eventKey: string;
  declare payload: Record<string, unknown>;
  declare status: CreationOptional<NoticeStatus>;
  declare attempts: CreationOptional<number>;
  declare lastHttpStatus: CreationOptional<number | null>;
  declare lastError: CreationOptional<string | null>;
  declare deliveredAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerNotice.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: true },
        event: { type: DataTypes.STRING(30), allowNull: false },
        eventKey: { type: DataTypes.STRING(120), allowNull: false },
        payload: { type: DataTypes.JSONB, allowNull: false },
        status: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'PENDING' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        lastHttpStatus: { type: DataTypes.SMALLINT, allowNull: true },
        lastError: { type: DataTypes.STRING(300), allowNull: true },
        deliveredAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'partner_notice', underscored: true },
    );
  }
}

/** One delivery attempt of a notice (migration 0052). */
export class PartnerNoticeAttempt extends Model<
  InferAttributes<PartnerNoticeAttempt>,
  InferCreationAttributes<PartnerNoticeAttempt>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare noticeId: number;
  declare replay: boolean;
  declare httpStatus: number | null;
  declare outcome: 'DELIVERED' | 'REJECTED' | 'UNREACHABLE';
  declare error: string | null;
  declare durationMs: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerNoticeAttempt.init(
      {
        ...tenantKeyAttributes,
        noticeId: { type: DataTypes.INTEGER, allowNull: false },
        replay: { type: DataTypes.BOOLEAN, allowNull: false },
        httpStatus: { type: DataTypes.SMALLINT, allowNull: true },
        outcome: { type: DataTypes.STRING(12), allowNull: false },
        error: { type: DataTypes.STRING(300), allowNull: true },
        durationMs: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_notice_attempt', underscored: true, updatedAt: false },
    );
  }
}
