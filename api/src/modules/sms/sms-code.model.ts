import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { SmsPurpose } from '../../contract/sms';
import { oneUseAttributes } from '../../db/model-columns';

/**
 * An SMS verification code sent to a mobile for one purpose in one project. Only a salted hash of
 * the code is stored. Live while unused, unexpired and under the wrong-try limit.
 */
export class SmsCode extends Model<InferAttributes<SmsCode>, InferCreationAttributes<SmsCode>> {
  declare id: CreationOptional<string>;
  declare projectId: number;
  declare mobile: string;
  declare purpose: SmsPurpose;
  /** `<salt>.<sha256(salt:code) base64url>`; see sms-code.service.ts. */
  declare codeHash: string;
  /** Wrong tries so far; the code is dead at SMS_CODE_RULES.maxWrongTries. */
  declare attempts: CreationOptional<number>;
  /** The client address that asked for it (daily cap per IP). */
  declare ip: CreationOptional<string | null>;
  declare usedAt: CreationOptional<Date | null>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    SmsCode.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        mobile: { type: DataTypes.STRING(11), allowNull: false },
        purpose: { type: DataTypes.STRING(20), allowNull: false },
        codeHash: { type: DataTypes.STRING(64), allowNull: false },
        ip: { type: DataTypes.STRING(64), allowNull: true },
        ...oneUseAttributes,
      },
      { sequelize, tableName: 'sms_code', updatedAt: false },
    );
  }
}
