import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { ResourceStatus, ResourceType } from '../../contract/resource';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';
import { defineTreeCategory, type TreeCategory } from '../category-tree/tree-category.model';
import type { HlsPackage, RetiredHlsPackage } from './hls';

/** A folder of a project's resources (the category tree of `resource_category`). */
export const ResourceCategory = defineTreeCategory('resource_category');
export type ResourceCategory = TreeCategory;

/**
 * A stored file of a project (a video), checked by content; its bytes live in the file storage.
 * A row without a project is in the platform's shared library (`shared-resource.service.ts`).
 */
export class Resource extends Model<InferAttributes<Resource>, InferCreationAttributes<Resource>> {
  declare id: CreationOptional<number>;
  /** The project; null for a resource of the shared library (read by every project). */
  declare projectId: number | null;
  declare categoryId: number | null;
  declare type: ResourceType;
  declare name: string;
  declare fileName: string;
  /** The file storage key (server-made, never shown to clients). */
  declare storageKey: string;
  declare contentType: string;
  /** Bytes (BIGINT, read as a number: files stay far below 2^53). */
  declare size: number;
  declare sha256: string;
  declare durationSeconds: number;
  declare width: number | null;
  declare height: number | null;
  /** PROCESSING while packaging (转码中), READY when playable, FAILED (失败, with `statusReason`). */
  declare status: CreationOptional<ResourceStatus>;
  /** Why packaging failed (shown with 失败); null otherwise. */
  declare statusReason: CreationOptional<string | null>;
  /** The encrypted HLS package (docs/video.md); null: not packaged, played as the MP4 itself. */
  declare hls: CreationOptional<HlsPackage | null>;
  /** The AES-128 key of the package's segments: never presented, served only by the HLS key route. */
  declare hlsKey: CreationOptional<Buffer | null>;
  /**
   * The packages re-packages replaced, each kept (with its key secret) for the tokens issued for it
   * until they have expired (retired-package.ts); null when none is kept. Never presented.
   */
  declare hlsRetired: CreationOptional<RetiredHlsPackage[] | null>;
  /** The languages of its audio (RFC 5646 tags, the default first) found by packaging; null until packaged. */
  declare audioLanguages: CreationOptional<string[] | null>;
  /** The packaging version (hls-package.ts PACKAGER_VERSION) its package was built with; null without one. */
  declare packagerVersion: CreationOptional<number | null>;
  /**
   * Since when a re-package of this READY video waits or runs (重新转码中; its current package keeps
   * playing meanwhile); null when none is under way.
   */
  declare repackageRequestedAt: CreationOptional<Date | null>;
  /** The packaging version the latest re-package was asked for at (the stale sweep asks once per version). */
  declare repackageVersion: CreationOptional<number | null>;
  /** Why the latest re-package failed (the package before it stayed); null otherwise. */
  declare repackageFailure: CreationOptional<string | null>;
  declare createdBy: number | null;
  /**
   * Where the row was copied from: for a shared one, the project resource the platform shared; for a
   * project's, the shared resource it used (共享资源库 → 使用). Null for an upload, or once the source is gone.
   */
  declare sourceId: CreationOptional<number | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Resource.init(
      {
        ...tenantKeyAttributes,
        projectId: { type: DataTypes.INTEGER, allowNull: true },
        categoryId: { type: DataTypes.INTEGER, allowNull: true },
        type: { type: DataTypes.STRING(16), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        fileName: { type: DataTypes.STRING(255), allowNull: false },
        storageKey: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(64), allowNull: false },
        size: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get(this: Resource) {
            return Number(this.getDataValue('size'));
          },
        },
        sha256: { type: DataTypes.STRING(64), allowNull: false },
        durationSeconds: { type: DataTypes.INTEGER, allowNull: false },
        width: { type: DataTypes.INTEGER, allowNull: true },
        height: { type: DataTypes.INTEGER, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'READY' },
        statusReason: { type: DataTypes.STRING(300), allowNull: true },
        hls: { type: DataTypes.JSONB, allowNull: true },
        hlsKey: { type: DataTypes.BLOB, allowNull: true },
        hlsRetired: { type: DataTypes.JSONB, allowNull: true },
        audioLanguages: { type: DataTypes.ARRAY(DataTypes.STRING(16)), allowNull: true },
        packagerVersion: { type: DataTypes.SMALLINT, allowNull: true },
        repackageRequestedAt: { type: DataTypes.DATE, allowNull: true },
        repackageVersion: { type: DataTypes.SMALLINT, allowNull: true },
        repackageFailure: { type: DataTypes.STRING(300), allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        sourceId: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'resource' },
    );
  }
}

/**
 * A chunked upload under way. Its chunks wait in the file storage (`uploads/<id>/<index>`) until
 * `resource/upload-complete` assembles them into a resource, `resource/upload-abort` drops them,
 * or the upload expires and is swept.
 */
export class ResourceUpload extends Model<
  InferAttributes<ResourceUpload>,
  InferCreationAttributes<ResourceUpload>
> {
  declare id: string;
  declare projectId: number;
  declare accountId: number;
  declare type: ResourceType;
  declare name: string;
  declare fileName: string;
  declare categoryId: number | null;
  declare size: number;
  declare chunkSize: number;
  declare chunkCount: number;
  /** OPEN takes chunks; ASSEMBLING while upload-complete runs (a second complete is refused). */
  declare state: CreationOptional<'OPEN' | 'ASSEMBLING'>;
  /** The storage's multipart upload of the final object (object storage), else null (chunks as files). */
  declare storageUploadId: CreationOptional<string | null>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    ResourceUpload.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        type: { type: DataTypes.STRING(16), allowNull: false },
        name: { type: DataTypes.STRING(100), allowNull: false },
        fileName: { type: DataTypes.STRING(255), allowNull: false },
        categoryId: { type: DataTypes.INTEGER, allowNull: true },
        size: {
          type: DataTypes.BIGINT,
          allowNull: false,
          get(this: ResourceUpload) {
            return Number(this.getDataValue('size'));
          },
        },
        chunkSize: { type: DataTypes.INTEGER, allowNull: false },
        chunkCount: { type: DataTypes.INTEGER, allowNull: false },
        state: { type: DataTypes.STRING(12), allowNull: false, defaultValue: 'OPEN' },
        storageUploadId: { type: DataTypes.TEXT, allowNull: true },
        expiresAt: { type: DataTypes.DATE, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'resource_upload', updatedAt: false },
    );
  }
}
