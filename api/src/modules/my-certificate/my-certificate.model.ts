import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import type { CertificateKind, CertificateState, SkillLevel } from '../../contract/my-certificate';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

/**
 * An issued certificate: a class certificate (one per enrolment that passed), a year certificate
 * (one per student and year) or a skill certificate (issued by staff; its skill, level, assessment
 * date and issuer set, and only on it). Everything it prints is a snapshot taken when it was issued; hours
 * are in tenths. Its number and verification code are random and unique across projects.
 */
export class Certificate extends Model<InferAttributes<Certificate>, InferCreationAttributes<Certificate>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare kind: CertificateKind;
  declare accountId: number;
  declare myClassId: number | null;
  declare classId: number | null;
  declare templateId: number | null;
  declare year: number;
  declare certificateNo: string;
  declare verifyCode: string;
  declare studentName: string;
  declare idCardMasked: string;
  declare className: string;
  declare publicTenths: number;
  declare specializedTenths: number;
  declare electiveTenths: number;
  declare score: number | null;
  /** `YYYY-MM-DD` (China time). */
  declare issueDate: string;
  declare skillName: CreationOptional<string | null>;
  /** Skill certificates: the vocational resource tree's node (null on one from before codes were kept whose name the tree lacks). */
  declare skillCode: CreationOptional<string | null>;
  declare skillLevel: CreationOptional<SkillLevel | null>;
  /** `YYYY-MM-DD`. */
  declare assessDate: CreationOptional<string | null>;
  declare issuer: CreationOptional<string | null>;
  declare status: CreationOptional<CertificateState>;
  declare printCount: CreationOptional<number>;
  declare deletedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Certificate.init(
      {
        ...tenantKeyAttributes,
        kind: { type: DataTypes.STRING(8), allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        myClassId: { type: DataTypes.INTEGER, allowNull: true },
        classId: { type: DataTypes.INTEGER, allowNull: true },
        templateId: { type: DataTypes.INTEGER, allowNull: true },
        year: { type: DataTypes.SMALLINT, allowNull: false },
        certificateNo: { type: DataTypes.STRING(32), allowNull: false },
        verifyCode: { type: DataTypes.STRING(16), allowNull: false },
        studentName: { type: DataTypes.STRING(50), allowNull: false },
        idCardMasked: { type: DataTypes.STRING(32), allowNull: false },
        className: { type: DataTypes.STRING(100), allowNull: false },
        publicTenths: { type: DataTypes.INTEGER, allowNull: false },
        specializedTenths: { type: DataTypes.INTEGER, allowNull: false },
        electiveTenths: { type: DataTypes.INTEGER, allowNull: false },
        score: { type: DataTypes.SMALLINT, allowNull: true },
        issueDate: { type: DataTypes.DATEONLY, allowNull: false },
        skillName: { type: DataTypes.STRING(50), allowNull: true },
        skillCode: { type: DataTypes.STRING(20), allowNull: true },
        skillLevel: { type: DataTypes.STRING(4), allowNull: true },
        assessDate: { type: DataTypes.DATEONLY, allowNull: true },
        issuer: { type: DataTypes.STRING(100), allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'VALID' },
        printCount: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        deletedAt: { type: DataTypes.DATE, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'certificate' },
    );
  }
}

/**
 * The condition (SQL, on the `certificate` row aliased `alias`) of a certificate waiting for a
 * reprint (待补打): a valid, live certificate corrected by staff (`my-certificate/save`, its
 * `certificate.update` audit entry) after its last reprint, or corrected and never reprinted, so the
 * paper the student holds no longer says what the certificate says. One definition for the
 * list's filter and the home page's count (docs/product-decisions.md "Certificates to reprint").
 */
export function reprintDueSql(alias: string): string {
  return `(${alias}.status = 'VALID' AND ${alias}.deleted_at IS NULL AND EXISTS (
    SELECT 1 FROM audit_log a
    WHERE a.target_type = 'certificate' AND a.target_id = CAST(${alias}.id AS VARCHAR(40))
      AND a.action = 'certificate.update' AND a.project_id = ${alias}.project_id
      AND NOT EXISTS (
        SELECT 1 FROM certificate_print_log l
        WHERE l.certificate_id = ${alias}.id AND l.project_id = ${alias}.project_id AND l.created_at >= a.created_at
      )
  ))`;
}

/** One reprint of a certificate: who printed it and when. */
export class CertificatePrintLog extends Model<
  InferAttributes<CertificatePrintLog>,
  InferCreationAttributes<CertificatePrintLog>
> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare certificateId: number;
  declare actorId: number | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CertificatePrintLog.init(
      {
        ...tenantKeyAttributes,
        certificateId: { type: DataTypes.INTEGER, allowNull: false },
        actorId: { type: DataTypes.INTEGER, allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'certificate_print_log', updatedAt: false },
    );
  }
}

/** A public look-up by code that found nothing, kept for the per-address rate limit (no project). */
export class CertificateQueryMiss extends Model<
  InferAttributes<CertificateQueryMiss>,
  InferCreationAttributes<CertificateQueryMiss>
> {
  declare id: CreationOptional<number>;
  declare ip: string;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    CertificateQueryMiss.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        ip: { type: DataTypes.STRING(64), allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'certificate_query_miss', updatedAt: false },
    );
  }
}
