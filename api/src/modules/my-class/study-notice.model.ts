import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { tenantKeyAttributes, timestampAttributes } from '../../db/model-columns';

export type StudyNoticeWechatState = 'PENDING' | 'SENT' | 'SKIPPED' | 'FAILED';

/**
 * A study reminder of one student of a class on one China day (`class/notify-study-class`): the SMS
 * went to the outbox with it (or was skipped: no mobile); the WeChat template message is sent by the
 * job `my-class.study-notice` (PENDING until then; SKIPPED without binding, account or template).
 */
export class StudyNotice extends Model<InferAttributes<StudyNotice>, InferCreationAttributes<StudyNotice>> {
  declare id: CreationOptional<number>;
  declare projectId: number;
  declare classId: number;
  declare accountId: number;
  /** `YYYY-MM-DD`, China's date. */
  declare day: string;
  declare wechatState: StudyNoticeWechatState;
  declare wechatDetail: CreationOptional<string | null>;
  declare smsState: 'SENT' | 'SKIPPED';
  declare createdBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    StudyNotice.init(
      {
        ...tenantKeyAttributes,
        classId: { type: DataTypes.INTEGER, allowNull: false },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        day: { type: DataTypes.DATEONLY, allowNull: false },
        wechatState: { type: DataTypes.STRING(12), allowNull: false },
        wechatDetail: { type: DataTypes.STRING(200), allowNull: true },
        smsState: { type: DataTypes.STRING(12), allowNull: false },
        createdBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'study_notice' },
    );
  }
}
