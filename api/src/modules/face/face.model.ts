import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes } from '../../db/model-columns';

/** A student's reference photo for face checks (one per student). */
export class FacePhoto extends Model<InferAttributes<FacePhoto>, InferCreationAttributes<FacePhoto>> {
  declare accountId: number;
  declare projectId: number;
  declare storageKey: string;
  declare contentType: string;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    FacePhoto.init(
      {
        accountId: { type: DataTypes.INTEGER, primaryKey: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        storageKey: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(32), allowNull: false },
        updatedAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'face_photo', createdAt: false },
    );
  }
}

export type FaceCaptureKind = 'START' | 'RANDOM';

/** A capture compared with the reference photo during study. */
export class FaceCapture extends Model<InferAttributes<FaceCapture>, InferCreationAttributes<FaceCapture>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare myClassId: number | null;
  declare sessionId: string | null;
  declare kind: FaceCaptureKind;
  declare storageKey: string;
  declare contentType: string;
  declare provider: string;
  declare simulated: boolean;
  declare score: number;
  declare passed: boolean;
  declare reason: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    FaceCapture.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: true },
        sessionId: { type: DataTypes.UUID, allowNull: true },
        kind: { type: DataTypes.STRING(8), allowNull: false },
        storageKey: { type: DataTypes.STRING(255), allowNull: false },
        contentType: { type: DataTypes.STRING(32), allowNull: false },
        provider: { type: DataTypes.STRING(32), allowNull: false },
        simulated: { type: DataTypes.BOOLEAN, allowNull: false },
        score: { type: DataTypes.DOUBLE, allowNull: false },
        passed: { type: DataTypes.BOOLEAN, allowNull: false },
        reason: { type: DataTypes.STRING(100), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'face_capture', updatedAt: false },
    );
  }
}

/** A student's consent to the project's face agreement: when, and the text agreed to (one per student). */
export class FaceConsent extends Model<InferAttributes<FaceConsent>, InferCreationAttributes<FaceConsent>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare accountId: number;
  declare agreementText: string;
  declare agreedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    FaceConsent.init(
      {
        ...tenantKeyAttributes,
        accountId: { type: DataTypes.INTEGER, allowNull: false, unique: true },
        agreementText: { type: DataTypes.TEXT, allowNull: false },
        agreedAt: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'face_consent', timestamps: false },
    );
  }
}
