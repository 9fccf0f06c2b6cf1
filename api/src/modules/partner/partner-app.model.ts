import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A partner platform's app in a project (migration 0050). The secret (and the previous one during
 * a rotation's overlap) is kept for signing and never answered after it was made.
 */
export class PartnerApp extends Model<InferAttributes<PartnerApp>, InferCreationAttributes<PartnerApp>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare name: string;
  declare appKey: string;
  declare secret: string;
  declare previousSecret: CreationOptional<string | null>;
  declare previousSecretUntil: CreationOptional<Date | null>;
  declare secretRotatedAt: CreationOptional<Date | null>;
  declare allowedOrigins: string[];
  declare callbackUrl: string | null;
  declare ipAllowList: string[];
  declare enabled: boolean;
  declare rateLimitPerMinute: number;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerApp.init(
      {
        ...tenantKeyAttributes,
        name: { type: DataTypes.STRING(50), allowNull: false },
        appKey: { type: DataTypes.STRING(48), allowNull: false },
        secret: { type: DataTypes.STRING(64), allowNull: false },
        previousSecret: { type: DataTypes.STRING(64), allowNull: true },
        previousSecretUntil: { type: DataTypes.DATE, allowNull: true },
        secretRotatedAt: { type: DataTypes.DATE, allowNull: true },
        allowedOrigins: { type: DataTypes.ARRAY(DataTypes.STRING(200)), allowNull: false },
        callbackUrl: { type: DataTypes.STRING(300), allowNull: true },
        ipAllowList: { type: DataTypes.ARRAY(DataTypes.STRING(50)), allowNull: false },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false },
        rateLimitPerMinute: { type: DataTypes.INTEGER, allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'partner_app', underscored: true },
    );
  }
}

export type PartnerAuth = 'SIGNATURE' | 'TOKEN';

/** One call of a partner app (migration 0050): who, what, the result and how long it took. */
export class PartnerCallLog extends Model<
  InferAttributes<PartnerCallLog>,
  InferCreationAttributes<PartnerCallLog>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare appId: number;
  declare call: string;
  declare auth: PartnerAuth;
  declare resultCode: string;
  declare httpStatus: number;
  declare durationMs: number;
  declare ip: string | null;
  declare requestId: string;
  declare outAccountId: string | null;
  declare message: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    PartnerCallLog.init(
      {
        ...tenantKeyAttributes,
        appId: { type: DataTypes.INTEGER, allowNull: false },
        call: { type: DataTypes.STRING(60), allowNull: false },
        auth: { type: DataTypes.STRING(10), allowNull: false },
        resultCode: { type: DataTypes.STRING(32), allowNull: false },
        httpStatus: { type: DataTypes.SMALLINT, allowNull: false },
        durationMs: { type: DataTypes.INTEGER, allowNull: false },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        requestId: { type: DataTypes.STRING(64), allowNull: false },
        outAccountId: { type: DataTypes.STRING(64), allowNull: true },
        message: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'partner_call_log', underscored: true, updatedAt: false },
    );
  }
}
