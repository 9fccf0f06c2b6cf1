import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';

export const PROJECT_STATUS = { ENABLED: 'ENABLED', DISABLED: 'DISABLED' } as const;
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];

/** A tenant: its own title, domains, settings, WeChat app, classes, students and orders. */
export class Project extends Model<InferAttributes<Project>, InferCreationAttributes<Project>> {
  declare id: CreationOptional<number>;
  /** Short stable identifier, lower case (`demo`). */
  declare code: string;
  declare name: string;
  declare status: CreationOptional<ProjectStatus>;
  /** Served when neither a unit nor the request's host names a project. At most one. */
  declare isDefault: CreationOptional<boolean>;
  /** Host names that select this project (`px.example.com`). */
  declare domains: CreationOptional<string[]>;
  /** Spec section 3 settings; read through `resolveProjectSettings`, which fills defaults. */
  declare settings: CreationOptional<Record<string, unknown>>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Project.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        code: { type: DataTypes.STRING(32), allowNull: false, unique: true },
        name: { type: DataTypes.STRING(60), allowNull: false },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: PROJECT_STATUS.ENABLED },
        isDefault: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        domains: { type: DataTypes.ARRAY(DataTypes.STRING(253)), allowNull: false, defaultValue: [] },
        settings: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'project' },
    );
  }
}
