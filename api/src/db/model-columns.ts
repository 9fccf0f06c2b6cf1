import { DataTypes } from 'sequelize';

/** The attributes every tenant model opens with: its key and its project (a row goes with its project). */
export const tenantKeyAttributes = {
  id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
  projectId: { type: DataTypes.INTEGER, allowNull: false },
} as const;

/**
 * What a one-use challenge (an image or slider captcha, an SMS code) keeps of its use: wrong tries
 * so far, when it was used, until when it is good, and when it was made (it is never changed else).
 */
export const oneUseAttributes = {
  attempts: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 0 },
  usedAt: { type: DataTypes.DATE, allowNull: true },
  expiresAt: { type: DataTypes.DATE, allowNull: false },
  createdAt: DataTypes.DATE,
} as const;

/** When a row was made and last changed (Sequelize keeps them; the columns default to now). */
export const timestampAttributes = {
  createdAt: DataTypes.DATE,
  updatedAt: DataTypes.DATE,
} as const;
