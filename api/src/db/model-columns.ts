import { DataTypes } from 'sequelize';

/** The attributes every tenant model opens with: its key and its project (a row goes with its project). */
export const tenantKeyAttributes = {
  id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
  projectId: { type: DataTypes.INTEGER, allowNull: false },
} as const;

/** When a row was made and last changed (Sequelize keeps them; the columns default to now). */
export const timestampAttributes = {
  createdAt: DataTypes.DATE,
  updatedAt: DataTypes.DATE,
} as const;
