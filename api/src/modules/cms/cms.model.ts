import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { CmsApplyStatus, CmsOptionalField, Education } from '../../contract/cms';
import type { SkillLevel } from '../../contract/my-certificate';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * The examinations' tables (migration 0060, docs/product-decisions.md "CMS"): batches and their
 * subjects, sittings, applications with their log and fee orders, scores and refused score imports.
 */

/** An examination batch: an occupation's assessment at the levels offered, with its registration rules. */
export class CmsBatch extends Model<InferAttributes<CmsBatch>, InferCreationAttributes<CmsBatch>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare name: string;
  /** The name printed (on admission tickets and certificates), as the tree named it when picked. */
  declare occupation: string;
  /** The vocational resource tree's node (null on a batch from before codes were kept whose name the tree lacks). */
  declare occupationCode: string | null;
  declare levels: SkillLevel[];
  declare feeFen: number;
  /** `YYYY-MM-DD`, China days, both inclusive. */
  declare applyFrom: string;
  declare applyTo: string;
  declare capacity: number;
  declare requiredFields: CmsOptionalField[];
  declare notice: string | null;
  declare status: 'ENABLED' | 'DISABLED';
  declare issueCertificate: boolean;
  declare certificateTemplateId: number | null;
  declare issuer: string | null;
  declare scoresPublishedAt: CreationOptional<Date | null>;
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsBatch.init(
      {
        ...tenantKeyAttributes,
        name: { type: DataTypes.STRING(100), allowNull: false },
        occupation: { type: DataTypes.STRING(50), allowNull: false },
        occupationCode: { type: DataTypes.STRING(20), allowNull: true },
        levels: { type: DataTypes.ARRAY(DataTypes.STRING(4)), allowNull: false },
        feeFen: { type: DataTypes.INTEGER, allowNull: false },
        applyFrom: { type: DataTypes.DATEONLY, allowNull: false },
        applyTo: { type: DataTypes.DATEONLY, allowNull: false },
        capacity: { type: DataTypes.INTEGER, allowNull: false },
        requiredFields: { type: DataTypes.ARRAY(DataTypes.STRING(16)), allowNull: false },
        notice: { type: DataTypes.STRING(2000), allowNull: true },
        status: { type: DataTypes.STRING(8), allowNull: false },
        issueCertificate: { type: DataTypes.BOOLEAN, allowNull: false },
        certificateTemplateId: { type: DataTypes.INTEGER, allowNull: true },
        issuer: { type: DataTypes.STRING(100), allowNull: true },
        scoresPublishedAt: { type: DataTypes.DATE, allowNull: true },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'cms_batch' },
    );
  }
}

/** A subject of a batch, marks in tenths. */
export class CmsSubject extends Model<InferAttributes<CmsSubject>, InferCreationAttributes<CmsSubject>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare batchId: number;
  declare name: string;
  declare fullTenths: number;
  declare passTenths: number;
  declare sort: number;

  static initModel(sequelize: Sequelize): void {
    CmsSubject.init(
      {
        ...tenantKeyAttributes,
        batchId: { type: DataTypes.INTEGER, allowNull: false },
        name: { type: DataTypes.STRING(30), allowNull: false },
        fullTenths: { type: DataTypes.INTEGER, allowNull: false },
        passTenths: { type: DataTypes.INTEGER, allowNull: false },
        sort: { type: DataTypes.SMALLINT, allowNull: false },
      },
      { sequelize, tableName: 'cms_subject', timestamps: false },
    );
  }
}

/** A sitting: a room of a batch's examination at a time and place, with its seats. */
export class CmsSitting extends Model<InferAttributes<CmsSitting>, InferCreationAttributes<CmsSitting>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare batchId: number;
  declare room: string;
  declare place: string;
  declare startsAt: Date;
  declare endsAt: Date;
  declare capacity: number;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsSitting.init(
      {
        ...tenantKeyAttributes,
        batchId: { type: DataTypes.INTEGER, allowNull: false },
        room: { type: DataTypes.STRING(50), allowNull: false },
        place: { type: DataTypes.STRING(200), allowNull: false },
        startsAt: { type: DataTypes.DATE, allowNull: false },
        endsAt: { type: DataTypes.DATE, allowNull: false },
        capacity: { type: DataTypes.INTEGER, allowNull: false },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'cms_sitting' },
    );
  }
}

/** A candidate's application to a batch at a level. */
export class CmsApply extends Model<InferAttributes<CmsApply>, InferCreationAttributes<CmsApply>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare batchId: number;
  declare accountId: number;
  declare skillLevel: SkillLevel;
  declare realName: string;
  declare idCardNo: string;
  declare mobile: string;
  declare education: Education | null;
  declare workYears: number | null;
  declare unitId: number | null;
  declare photoKey: string | null;
  declare status: CmsApplyStatus;
  declare rejectReason: CreationOptional<string | null>;
  declare auditedBy: CreationOptional<number | null>;
  declare auditedAt: CreationOptional<Date | null>;
  declare paidAt: CreationOptional<Date | null>;
  declare sittingId: CreationOptional<number | null>;
  declare seatNo: CreationOptional<number | null>;
  declare ticketNo: CreationOptional<string | null>;
  declare ticketIssuedAt: CreationOptional<Date | null>;
  declare certificateId: CreationOptional<number | null>;
  declare cancelReason: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsApply.init(
      {
        ...tenantKeyAttributes,
        batchId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        skillLevel: { type: DataTypes.STRING(4), allowNull: false },
        realName: { type: DataTypes.STRING(50), allowNull: false },
        idCardNo: { type: DataTypes.STRING(18), allowNull: false },
        mobile: { type: DataTypes.STRING(11), allowNull: false },
        education: { type: DataTypes.STRING(16), allowNull: true },
        workYears: { type: DataTypes.SMALLINT, allowNull: true },
        unitId: { type: DataTypes.INTEGER, allowNull: true },
        photoKey: { type: DataTypes.STRING(255), allowNull: true },
        status: { type: DataTypes.STRING(10), allowNull: false },
        rejectReason: { type: DataTypes.STRING(200), allowNull: true },
        auditedBy: { type: DataTypes.INTEGER, allowNull: true },
        auditedAt: { type: DataTypes.DATE, allowNull: true },
        paidAt: { type: DataTypes.DATE, allowNull: true },
        sittingId: { type: DataTypes.INTEGER, allowNull: true },
        seatNo: { type: DataTypes.SMALLINT, allowNull: true },
        ticketNo: { type: DataTypes.STRING(20), allowNull: true },
        ticketIssuedAt: { type: DataTypes.DATE, allowNull: true },
        certificateId: { type: DataTypes.INTEGER, allowNull: true },
        cancelReason: { type: DataTypes.STRING(200), allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'cms_apply' },
    );
  }
}

/** A state change of an application: who, from, to, why. */
export class CmsApplyLog extends Model<InferAttributes<CmsApplyLog>, InferCreationAttributes<CmsApplyLog>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare applyId: number;
  declare fromStatus: CmsApplyStatus | null;
  declare toStatus: CmsApplyStatus;
  declare actorId: number | null;
  declare reason: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsApplyLog.init(
      {
        id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        applyId: { type: DataTypes.INTEGER, allowNull: false },
        fromStatus: { type: DataTypes.STRING(10), allowNull: true },
        toStatus: { type: DataTypes.STRING(10), allowNull: false },
        actorId: { type: DataTypes.INTEGER, allowNull: true },
        reason: { type: DataTypes.STRING(200), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'cms_apply_log', updatedAt: false },
    );
  }
}

/** A fee order (`pay_order` of kind CMS) of an application. */
export class CmsFeeOrder extends Model<InferAttributes<CmsFeeOrder>, InferCreationAttributes<CmsFeeOrder>> {
  declare orderId: number;
  declare projectId: number;
  declare applyId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsFeeOrder.init(
      {
        orderId: { type: DataTypes.INTEGER, primaryKey: true },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        applyId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'cms_fee_order', updatedAt: false },
    );
  }
}

/** A candidate's score of a subject, in tenths (null when absent). */
export class CmsScore extends Model<InferAttributes<CmsScore>, InferCreationAttributes<CmsScore>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare applyId: number;
  declare subjectId: number;
  declare scoreTenths: number | null;
  declare absent: boolean;
  declare updatedBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsScore.init(
      {
        ...tenantKeyAttributes,
        applyId: { type: DataTypes.INTEGER, allowNull: false },
        subjectId: { type: DataTypes.INTEGER, allowNull: false },
        scoreTenths: { type: DataTypes.INTEGER, allowNull: true },
        absent: { type: DataTypes.BOOLEAN, allowNull: false },
        updatedBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'cms_score' },
    );
  }
}

/** A refused score import: the headers of its sheet, every refused cell and the refused rows' cells. */
export class CmsScoreImport extends Model<
  InferAttributes<CmsScoreImport>,
  InferCreationAttributes<CmsScoreImport>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare batchId: number;
  declare fileName: string | null;
  declare total: number;
  declare imported: number;
  declare headers: string[];
  declare errors: { row: number; field: string; value: string; message: string }[];
  declare refusedRows: { row: number; cells: string[] }[];
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CmsScoreImport.init(
      {
        ...tenantKeyAttributes,
        batchId: { type: DataTypes.INTEGER, allowNull: false },
        fileName: { type: DataTypes.STRING(200), allowNull: true },
        total: { type: DataTypes.INTEGER, allowNull: false },
        imported: { type: DataTypes.INTEGER, allowNull: false },
        headers: { type: DataTypes.JSONB, allowNull: false },
        errors: { type: DataTypes.JSONB, allowNull: false },
        refusedRows: { type: DataTypes.JSONB, allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'cms_score_import', updatedAt: false },
    );
  }
}

/** Every model of the module, for `initModels`. */
export const CMS_MODELS = [
  CmsBatch,
  CmsSubject,
  CmsSitting,
  CmsApply,
  CmsApplyLog,
  CmsFeeOrder,
  CmsScore,
  CmsScoreImport,
] as const;
