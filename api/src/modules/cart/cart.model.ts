import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes } from '../../db/model-columns';

/** A class in a student's shopping cart (one row per student, project and class). */
export class ShopCartItem extends Model<
  InferAttributes<ShopCartItem>,
  InferCreationAttributes<ShopCartItem>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare classId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ShopCartItem.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        classId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'shop_cart_item', updatedAt: false },
    );
  }
}
