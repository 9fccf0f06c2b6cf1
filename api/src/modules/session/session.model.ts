import type { RoleSystem } from '@px/config';
import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';

/** A signed-in session. Revocable and expiring; any API instance can read it. */
export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: CreationOptional<string>;
  /** sha256 (hex) of the token handed to the client; the token itself is never stored. */
  declare tokenHash: string;
  declare accountId: number;
  declare projectId: number | null;
  declare roleSystem: RoleSystem;
  /** The platform staff account that signed in as this account (super account). */
  declare impersonatorId: CreationOptional<number | null>;
  /** The partner app whose single-sign-on ticket opened it (with the enrolment it is limited to). */
  declare partnerAppId: CreationOptional<number | null>;
  declare myClassId: CreationOptional<number | null>;
  declare ip: CreationOptional<string | null>;
  declare userAgent: CreationOptional<string | null>;
  declare expiresAt: Date;
  declare lastSeenAt: CreationOptional<Date>;
  declare revokedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Session.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: true },
        roleSystem: { type: DataTypes.SMALLINT, allowNull: false },
        impersonatorId: { type: DataTypes.INTEGER, allowNull: true },
        partnerAppId: { type: DataTypes.INTEGER, allowNull: true, field: 'partner_app_id' },
        myClassId: { type: DataTypes.INTEGER, allowNull: true, field: 'my_class_id' },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        userAgent: { type: DataTypes.STRING(300), allowNull: true },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        lastSeenAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
        revokedAt: { type: DataTypes.DATE, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'session', updatedAt: false },
    );
  }
}
