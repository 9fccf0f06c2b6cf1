import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';

export const PUSH_MODES = ['AUTO', 'MANUAL'] as const;
export type PushMode = (typeof PUSH_MODES)[number];

/**
 * A project's reporting to the regulator (migration 0040). The secret never leaves the server:
 * answers say only whether it is set.
 */
export class RegulatorPushConfig extends Model<
  InferAttributes<RegulatorPushConfig>,
  InferCreationAttributes<RegulatorPushConfig>
> {
  declare projectId: number;
  declare enabled: boolean;
  /** Null: the simulator (simulator mode) or REGULATOR_API_BASE (live mode). */
  declare endpoint: string | null;
  declare appId: string;
  declare appSecret: string;
  /** The base class types whose enrolments are reported (`public`, `specialized`). */
  declare baseTypes: string[];
  declare pushMode: PushMode;
  declare updatedBy: number | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    RegulatorPushConfig.init(
      {
        projectId: { type: DataTypes.INTEGER, primaryKey: true },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false },
        endpoint: { type: DataTypes.STRING(300), allowNull: true },
        appId: { type: DataTypes.STRING(64), allowNull: false },
        appSecret: { type: DataTypes.STRING(128), allowNull: false },
        baseTypes: { type: DataTypes.ARRAY(DataTypes.STRING(20)), allowNull: false },
        pushMode: { type: DataTypes.STRING(10), allowNull: false },
        updatedBy: { type: DataTypes.INTEGER, allowNull: true },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'regulator_push_config', underscored: true },
    );
  }
}
