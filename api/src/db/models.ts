import type { Sequelize } from 'sequelize';
import { Project } from '../modules/project/project.model';
import { Unit } from '../modules/unit/unit.model';

/** Binds every model to the process's Sequelize instance and declares the associations. */
export function initModels(sequelize: Sequelize): void {
  Project.initModel(sequelize);
  Unit.initModel(sequelize);
  Project.hasMany(Unit, { foreignKey: { name: 'projectId', allowNull: false } });
  Unit.belongsTo(Project, { foreignKey: { name: 'projectId', allowNull: false } });
}
