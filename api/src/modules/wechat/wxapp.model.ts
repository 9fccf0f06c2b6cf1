import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type Sequelize,
} from 'sequelize';
import { timestampAttributes } from '../../db/model-columns';

/**
 * A WeChat official account (and its WeChat Pay merchant) as configured in `/wxapp-manage`. The
 * secrets never leave the server: answers say only whether each is set.
 */
export class Wxapp extends Model<InferAttributes<Wxapp>, InferCreationAttributes<Wxapp>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare appId: string;
  declare appSecret: string;
  /** The server-push token entered in the MP console. */
  declare pushToken: string;
  declare encodingAesKey: string | null;
  declare pushMode: 'plain' | 'safe';
  declare mchId: string | null;
  declare mchSerialNo: string | null;
  declare mchPrivateKey: string | null;
  declare apiV3Key: string | null;
  declare platformSerialNo: string | null;
  declare platformPublicKey: string | null;
  declare status: CreationOptional<'ENABLED' | 'DISABLED'>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    Wxapp.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        name: { type: DataTypes.STRING(60), allowNull: false },
        appId: { type: DataTypes.STRING(32), allowNull: false },
        appSecret: { type: DataTypes.STRING(64), allowNull: false },
        pushToken: { type: DataTypes.STRING(32), allowNull: false },
        encodingAesKey: { type: DataTypes.STRING(43), allowNull: true },
        pushMode: { type: DataTypes.STRING(8), allowNull: false },
        mchId: { type: DataTypes.STRING(32), allowNull: true },
        mchSerialNo: { type: DataTypes.STRING(64), allowNull: true },
        mchPrivateKey: { type: DataTypes.TEXT, allowNull: true },
        apiV3Key: { type: DataTypes.STRING(32), allowNull: true },
        platformSerialNo: { type: DataTypes.STRING(64), allowNull: true },
        platformPublicKey: { type: DataTypes.TEXT, allowNull: true },
        status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ENABLED' },
        ...timestampAttributes,
      },
      { sequelize, tableName: 'wxapp', underscored: true },
    );
  }
}

/** The projects an official account serves (a project has at most one). */
export class WxappProject extends Model<
  InferAttributes<WxappProject>,
  InferCreationAttributes<WxappProject>
> {
  declare projectId: number;
  declare wxappId: number;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    WxappProject.init(
      {
        projectId: { type: DataTypes.INTEGER, primaryKey: true },
        wxappId: { type: DataTypes.INTEGER, allowNull: false },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'wxapp_project', underscored: true, updatedAt: false },
    );
  }
}

/** An openid of an official account bound to one of our accounts. */
export class WechatBinding extends Model<
  InferAttributes<WechatBinding>,
  InferCreationAttributes<WechatBinding>
> {
  declare id: CreationOptional<number>;
  declare wxappId: number;
  declare openId: string;
  declare unionId: string | null;
  declare accountId: number;
  declare projectId: number;
  declare nickname: string | null;
  declare avatarUrl: string | null;
  declare createdAt: CreationOptional<Date>;

  static initModel(sequelize: Sequelize): void {
    WechatBinding.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        wxappId: { type: DataTypes.INTEGER, allowNull: false },
        openId: { type: DataTypes.STRING(64), allowNull: false },
        unionId: { type: DataTypes.STRING(64), allowNull: true },
        accountId: { type: DataTypes.INTEGER, allowNull: false },
        projectId: { type: DataTypes.INTEGER, allowNull: false },
        nickname: { type: DataTypes.STRING(64), allowNull: true },
        avatarUrl: { type: DataTypes.STRING(512), allowNull: true },
        createdAt: DataTypes.DATE,
      },
      { sequelize, tableName: 'wechat_binding', underscored: true, updatedAt: false },
    );
  }
}
