import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { UploadedImageAnswer } from '../../contract/upload';

/** An image uploaded through `upload/upload-image`: its file in the storage, and what its content is. */
export class UploadedImage extends Model<
  InferAttributes<UploadedImage>,
  InferCreationAttributes<UploadedImage>
> {
  declare id: string;
  declare projectId: number;
  declare storageKey: string;
  declare contentType: UploadedImageAnswer['contentType'];
  declare width: number;
  declare height: number;
  declare size: number;
  declare sha256: string;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    UploadedImage.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        storageKey: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(32), allowNull: false },
        width: { type: DataTypes.INTEGER, allowNull: false },
        height: { type: DataTypes.INTEGER, allowNull: false },
        size: { type: DataTypes.INTEGER, allowNull: false },
        sha256: { type: DataTypes.CHAR(64), allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'uploaded_image', updatedAt: false },
    );
  }
}
