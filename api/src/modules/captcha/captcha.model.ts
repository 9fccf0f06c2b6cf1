import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { oneUseAttributes } from '../../db/model-columns';

export const CAPTCHA_KIND = { IMAGE: 'image', SLIDER: 'slider' } as const;
export type CaptchaKind = (typeof CAPTCHA_KIND)[keyof typeof CAPTCHA_KIND];

/**
 * A captcha challenge: the image code or the slider puzzle. The answer stays on the server; the
 * client holds only the id (`codeToken` / slider `token`). Each challenge is good for one use.
 */
export class Captcha extends Model<InferAttributes<Captcha>, InferCreationAttributes<Captcha>> {
  declare id: string;
  declare kind: CaptchaKind;
  /** Image: the code in upper case; slider: the gap's x in pixels. */
  declare answer: string;
  declare attempts: CreationOptional<number>;
  /** Slider: when the puzzle was solved through `captcha/check`. */
  declare verifiedAt: CreationOptional<Date | null>;
  declare usedAt: CreationOptional<Date | null>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Captcha.init(
      {
        id: { type: DataTypes.UUID, primaryKey: true },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        answer: { type: DataTypes.STRING(64), allowNull: false },
        verifiedAt: { type: DataTypes.DATE, allowNull: true },
        ...oneUseAttributes,
      },
      { sequelize, tableName: 'captcha', updatedAt: false },
    );
  }
}
