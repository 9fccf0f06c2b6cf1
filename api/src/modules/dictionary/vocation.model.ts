import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';

/**
 * A node of the platform's vocational resource tree (职业工种目录, migration 0073): 职业大类 (level 1),
 * 职业 (level 2) or 工种 (level 3), with its national-classification style code. Platform-wide: no
 * project.
 */
export class Vocation extends Model<InferAttributes<Vocation>, InferCreationAttributes<Vocation>> {
  declare id: CreationOptional<number>;
  declare parentId: number | null;
  declare level: number;
  declare code: string;
  declare name: string;
  declare sort: CreationOptional<number>;
  declare enabled: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Vocation.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        parentId: { type: DataTypes.INTEGER, allowNull: true },
        level: { type: DataTypes.SMALLINT, allowNull: false },
        code: { type: DataTypes.STRING(20), allowNull: false },
        name: { type: DataTypes.STRING(50), allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'vocation' },
    );
  }
}
