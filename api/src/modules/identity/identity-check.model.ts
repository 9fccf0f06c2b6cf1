import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { IdentityCheckPurpose, IdentityCheckResult } from '../../contract/student';
import { tenantKeyAttributes } from '../../db/model-columns';

/** One check of a name and ID number through the identity-verification service (migration 0075). */
export class IdentityCheck extends Model<
  InferAttributes<IdentityCheck>,
  InferCreationAttributes<IdentityCheck>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  /** The account checked; set after the fact for a registration (the account is made after the check). */
  declare accountId: number | null;
  declare purpose: IdentityCheckPurpose;
  declare realName: string;
  declare idCardNo: string;
  declare result: IdentityCheckResult;
  declare code: string;
  declare description: string;
  declare requestId: string | null;
  declare simulated: boolean;
  /** The staff member who asked (purpose STAFF). */
  declare checkedBy: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    IdentityCheck.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: true },
        purpose: { type: DataTypes.STRING(16), allowNull: false },
        realName: { type: DataTypes.STRING(50), allowNull: false },
        idCardNo: { type: DataTypes.STRING(18), allowNull: false },
        result: { type: DataTypes.STRING(16), allowNull: false },
        code: { type: DataTypes.STRING(64), allowNull: false },
        description: { type: DataTypes.STRING(255), allowNull: false, defaultValue: '' },
        requestId: { type: DataTypes.STRING(64), allowNull: true },
        simulated: { type: DataTypes.BOOLEAN, allowNull: false },
        checkedBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'identity_check', updatedAt: false },
    );
  }
}
