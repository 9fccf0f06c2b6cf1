import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { ClassBaseType, ClassCategoryLevel } from '../../contract/class-category';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A node of a project's class-type tree: a base type (level 1, with a `code`), a major type (2) or
 * a major child (3).
 */
export class ClassCategory extends Model<
  InferAttributes<ClassCategory>,
  InferCreationAttributes<ClassCategory>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  /** null exactly for base types. */
  declare parentId: number | null;
  declare level: ClassCategoryLevel;
  /** `public` / `specialized` for base types, null below them; never changes. */
  declare code: CreationOptional<ClassBaseType | null>;
  declare name: string;
  /** Position among siblings, from 1. */
  declare sort: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ClassCategory.init(
      {
        ...tenantKeyAttributes,
        parentId: { type: DataTypes.INTEGER, allowNull: true },
        level: { type: DataTypes.SMALLINT, allowNull: false },
        code: { type: DataTypes.STRING(32), allowNull: true },
        name: { type: DataTypes.STRING(50), allowNull: false },
        sort: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'class_category' },
    );
  }
}
