import {
  type CreationOptional,
  DataTypes,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import type { Project } from '../project/project.model';

/** A training institution or employer of a project; its students register through its QR code. */
export class Unit extends Model<InferAttributes<Unit>, InferCreationAttributes<Unit>> {
  declare id: CreationOptional<number>;
  declare projectId: ForeignKey<Project['id']>;
  declare name: string;
  /** Unified social credit code (GB 32100), validated on input. */
  declare creditCode: string | null;
  declare contactName: CreationOptional<string | null>;
  declare contactMobile: CreationOptional<string | null>;
  /** Administrative division code (six digits) of the unit's county or city. */
  declare regionCode: CreationOptional<string | null>;
  declare address: CreationOptional<string | null>;
  /** Training types the unit offers (dictionary `train-type` codes). */
  declare trainTypes: CreationOptional<string[]>;
  declare remark: CreationOptional<string | null>;
  declare status: CreationOptional<'ENABLED' | 'DISABLED'>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Unit.init(
      {
        // projectId declared here (not only by the association) so the tenant guard covers the model.
        ...tenantKeyAttributes,
        name: { type: DataTypes.STRING(100), allowNull: false },
        creditCode: { type: DataTypes.STRING(18), allowNull: true },
        contactName: { type: DataTypes.STRING(50), allowNull: true },
        contactMobile: { type: DataTypes.STRING(20), allowNull: true },
        regionCode: { type: DataTypes.STRING(12), allowNull: true },
        address: { type: DataTypes.STRING(200), allowNull: true },
        trainTypes: { type: DataTypes.ARRAY(DataTypes.STRING(32)), allowNull: false, defaultValue: [] },
        remark: { type: DataTypes.STRING(500), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'unit' },
    );
  }
}
