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
 * The model class of one category tree (resources, courses): a folder of a project's items, the
 * folders forming a tree (parent, sort among siblings). Each tree gets a class of its own, bound to
 * its table (Sequelize keeps a model's table on its class, so trees cannot share one).
 */
export function defineTreeCategory(tableName: string) {
  class TreeCategory extends Model<InferAttributes<TreeCategory>, InferCreationAttributes<TreeCategory>> {
    declare id: CreationOptional<number>;
    declare projectId: number;
    declare parentId: number | null;
    declare name: string;
    declare sort: CreationOptional<number>;
    declare createdAt: CreationOptional<Date>;
    declare updatedAt: CreationOptional<Date>;

    static initModel(sequelize: Sequelize): void {
      TreeCategory.init(
        {
          ...tenantKeyAttributes,
          parentId: { type: DataTypes.INTEGER, allowNull: true },
          name: { type: DataTypes.STRING(50), allowNull: false },
          sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
          ...timestampAttributes,
        },
        { sequelize, tableName },
      );
    }
  }
  return TreeCategory;
}

/** A category of any tree. */
export type TreeCategory = InstanceType<ReturnType<typeof defineTreeCategory>>;
