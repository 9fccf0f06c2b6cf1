import type { RoleSystem } from '@px/config';
import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';

/** A role: name, role system and the back-office menu URLs it was granted (which also grant actions). */
export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<number>;
  /** NULL for platform roles (role system 1). */
  declare projectId: number | null;
  /** Stable key of the roles the product seeds (`project-admin`); NULL for roles people create. */
  declare code: string | null;
  declare name: string;
  declare roleSystem: RoleSystem;
  declare menu: CreationOptional<string[]>;
  declare remark: CreationOptional<string | null>;
  /** Deleted roles are kept (paranoid): deleted accounts still point at their role. */
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Role.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: true },
        code: { type: DataTypes.STRING(40), allowNull: true },
        name: { type: DataTypes.STRING(40), allowNull: false },
        roleSystem: { type: DataTypes.SMALLINT, allowNull: false },
        menu: { type: DataTypes.ARRAY(DataTypes.STRING(100)), allowNull: false, defaultValue: [] },
        remark: { type: DataTypes.STRING(200), allowNull: true },
        deletedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'role', paranoid: true },
    );
  }
}
