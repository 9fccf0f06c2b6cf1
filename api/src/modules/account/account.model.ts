import type { RoleSystem } from '@px/config';
import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';
import type { Role } from './role.model';

export const ACCOUNT_STATUS = { ENABLED: 'ENABLED', DISABLED: 'DISABLED' } as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];

/**
 * Anyone who signs in: platform staff, project staff, students and unit managers. Deleted
 * accounts are kept (paranoid) so their orders and study records keep their owner.
 */
export class Account extends Model<InferAttributes<Account>, InferCreationAttributes<Account>> {
  declare id: CreationOptional<number>;
  /** NULL for platform staff. */
  declare projectId: number | null;
  /** The unit a unit manager manages, or the unit a student registered through. */
  declare unitId: CreationOptional<number | null>;
  declare roleId: number;
  declare roleSystem: RoleSystem;
  declare accountName: CreationOptional<string | null>;
  declare realName: string;
  declare idCardNo: CreationOptional<string | null>;
  declare mobile: CreationOptional<string | null>;
  declare email: CreationOptional<string | null>;
  /** argon2id; never served, never logged. */
  declare passwordHash: CreationOptional<string | null>;
  declare imagePath: CreationOptional<string | null>;
  declare status: CreationOptional<AccountStatus>;
  /** The student must complete missing profile fields before going on. */
  declare needComplete: CreationOptional<boolean>;
  declare lastLoginAt: CreationOptional<Date | null>;
  declare passwordChangedAt: CreationOptional<Date | null>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  declare role?: NonAttribute<Role>;

  static initModel(sequelize: Sequelize): void {
    Account.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: true },
        unitId: { type: DataTypes.INTEGER, allowNull: true },
        roleId: { type: DataTypes.INTEGER, allowNull: false },
        roleSystem: { type: DataTypes.SMALLINT, allowNull: false },
        accountName: { type: DataTypes.STRING(40), allowNull: true },
        realName: { type: DataTypes.STRING(50), allowNull: false },
        idCardNo: { type: DataTypes.STRING(18), allowNull: true },
        mobile: { type: DataTypes.STRING(11), allowNull: true },
        email: { type: DataTypes.STRING(100), allowNull: true },
        passwordHash: { type: DataTypes.STRING(200), allowNull: true },
        imagePath: { type: DataTypes.STRING(300), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: ACCOUNT_STATUS.ENABLED },
        needComplete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        lastLoginAt: { type: DataTypes.DATE, allowNull: true },
        passwordChangedAt: { type: DataTypes.DATE, allowNull: true },
        deletedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      {
        sequelize,
        tableName: 'account',
        paranoid: true,
        defaultScope: { attributes: { exclude: ['passwordHash'] } },
        scopes: { withPassword: { attributes: { include: ['passwordHash'] } } },
      },
    );
  }
}
