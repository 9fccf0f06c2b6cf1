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
 * An entry of a dictionary type (`train-type`, `education`, ...). Rows without a project are shared
 * by every project; a project's own row with the same type and code overrides the shared one.
 */
export class Dictionary extends Model<InferAttributes<Dictionary>, InferCreationAttributes<Dictionary>> {
  declare id: CreationOptional<number>;
  /** NULL: shared by every project. */
  declare projectId: number | null;
  declare type: string;
  declare code: string;
  declare label: string;
  /** The parent entry's code within the same type, for tree-shaped types. */
  declare parentCode: CreationOptional<string | null>;
  declare sort: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Dictionary.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: true },
        type: { type: DataTypes.STRING(40), allowNull: false },
        code: { type: DataTypes.STRING(40), allowNull: false },
        label: { type: DataTypes.STRING(100), allowNull: false },
        parentCode: { type: DataTypes.STRING(40), allowNull: true },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'dictionary' },
    );
  }
}
