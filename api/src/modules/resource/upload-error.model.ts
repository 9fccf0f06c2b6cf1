import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { ResourceType, UploadFailureKind } from '../../contract/resource';
import { tenantKeyAttributes } from '../../db/model-columns';

/**
 * An upload that did not make it (`resource_upload_error`): what was announced of the file, who
 * sent it, and why it failed. Written when the upload is refused, cancelled or swept.
 */
export class ResourceUploadError extends Model<
  InferAttributes<ResourceUploadError>,
  InferCreationAttributes<ResourceUploadError>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number | null;
  declare type: ResourceType;
  /** The video name announced (none when a file was refused at its check, before it was named). */
  declare name: string | null;
  declare fileName: string;
  /** Bytes announced (BIGINT, read as a number). */
  declare size: number;
  declare categoryId: number | null;
  declare kind: UploadFailureKind;
  /** Why, as the uploader was told (`文件内容不是 MP4 视频`). */
  declare reason: string;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ResourceUploadError.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: true },
        type: { type: DataTypes.STRING(16), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: true },
        fileName: { type: DataTypes.STRING(255), allowNull: false },
        size: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get(this: ResourceUploadError) {
            return Number(this.getDataValue('size'));
          },
        },
        categoryId: { type: DataTypes.INTEGER, allowNull: true },
        kind: { type: DataTypes.STRING(12), allowNull: false },
        reason: { type: DataTypes.STRING(500), allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'resource_upload_error', updatedAt: false },
    );
  }
}
