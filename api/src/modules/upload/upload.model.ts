import {
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { UploadedImageAnswer } from '../../contract/upload';
import { storedImageAttributes } from '../storage/image-upload';

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
    UploadedImage.init(storedImageAttributes, { sequelize, tableName: 'uploaded_image', updatedAt: false });
  }
}
