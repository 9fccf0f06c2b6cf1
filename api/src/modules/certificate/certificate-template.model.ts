import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { RecordStatus } from '../../contract/common';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * A certificate template (证书模板): a page of `width` x `height` pixels with a background image and
 * positioned fields (`fields`, JSON) that certificates are printed from.
 */
export class CertificateTemplate extends Model<
  InferAttributes<CertificateTemplate>,
  InferCreationAttributes<CertificateTemplate>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare name: string;
  declare status: CreationOptional<RecordStatus>;
  /** The stored background image's key (null: a plain page). */
  declare backgroundImage: string | null;
  declare width: CreationOptional<number>;
  declare height: CreationOptional<number>;
  declare fields: CreationOptional<unknown[]>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CertificateTemplate.init(
      {
        ...tenantKeyAttributes,
        name: { type: DataTypes.STRING(50), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
        backgroundImage: { type: DataTypes.STRING(100), allowNull: true },
        width: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1123 },
        height: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 794 },
        fields: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'certificate_template' },
    );
  }
}
