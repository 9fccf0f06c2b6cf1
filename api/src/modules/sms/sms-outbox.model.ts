import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';

/** A message the outbox SMS provider "sent": kept for staff (and tests) to read instead of a phone. */
export class SmsOutbox extends Model<InferAttributes<SmsOutbox>, InferCreationAttributes<SmsOutbox>> {
  declare id: CreationOptional<string>;
  declare projectId: number;
  declare mobile: string;
  declare content: string;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    SmsOutbox.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        mobile: { type: DataTypes.STRING(11), allowNull: false },
        content: { type: DataTypes.STRING(500), allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'sms_outbox', updatedAt: false },
    );
  }
}
