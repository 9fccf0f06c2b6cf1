import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { BannerImage as BannerImageAnswer } from '../../contract/banner';
import type { RecordStatus } from '../../contract/common';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import { storedImageAttributes } from '../storage/image-upload';

/** An uploaded banner image: its file in the storage, and what its content is. */
export class BannerImage extends Model<InferAttributes<BannerImage>, InferCreationAttributes<BannerImage>> {
  declare id: string;
  declare projectId: number;
  declare storageKey: string;
  declare contentType: BannerImageAnswer['contentType'];
  declare width: number;
  declare height: number;
  declare size: number;
  declare sha256: string;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    BannerImage.init(storedImageAttributes, { sequelize, tableName: 'banner_image', updatedAt: false });
  }
}

/** A project's H5 banner (H5轮播图): title, image, link, order, display window and status. */
export class Banner extends Model<InferAttributes<Banner>, InferCreationAttributes<Banner>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare title: string;
  declare imageId: string;
  declare link: string | null;
  declare sort: number;
  declare startAt: Date | null;
  declare endAt: Date | null;
  declare status: CreationOptional<RecordStatus>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Banner.init(
      {
        ...tenantKeyAttributes,
        title: { type: DataTypes.STRING(50), allowNull: false },
        imageId: { type: DataTypes.UUID, allowNull: false },
        link: { type: DataTypes.STRING(500), allowNull: true },
        sort: { type: DataTypes.INTEGER, allowNull: false },
        startAt: { type: DataTypes.DATE, allowNull: true },
        endAt: { type: DataTypes.DATE, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'banner' },
    );
  }
}
