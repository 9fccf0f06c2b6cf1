import type { ProjectSettings } from '@px/config';

/** How a setting is edited. */
export type SettingKind =
  | { type: 'text'; max: number; required?: boolean; multiline?: boolean; placeholder?: string }
  | { type: 'flag'; on?: string; off?: string }
  | { type: 'integer'; min: number; max?: number; unit?: string }
  | { type: 'choice'; options: { value: number; label: string }[] }
  | { type: 'checkboxes'; options: { value: string; label: string }[]; required?: boolean }
  | { type: 'region' };

/** One setting of spec section 3 on the settings screen: its key (or path), title, meaning and editor. */
export interface SettingField {
  /** The form path: a key of ProjectSettings, or `['h5Config', 'showClassType']`. */
  name: keyof ProjectSettings | ['h5Config', 'showClassType'];
  label: string;
  help: string;
  kind: SettingKind;
}

export interface SettingGroup {
  key: string;
  title: string;
  fields: SettingField[];
}

const flag = (on = '开启', off = '关闭'): SettingKind => ({ type: 'flag', on, off });
const hide = flag('隐藏', '显示');
/** One of numbered options: the labels of the values 1, 2, … in that order. */
const choice = (...labels: string[]): SettingKind => ({
  type: 'choice',
  options: labels.map((label, index) => ({ value: index + 1, label })),
});

/** Every setting of spec section 3, grouped as the screen shows them. Meanings: shared/design/domain.md. */
export const SETTING_GROUPS: SettingGroup[] = [
  {
    key: 'basic',
    title: '基本信息',
    fields: [
      {
        name: 'title',
        label: '平台名称',
        help: '学员端（H5）显示的平台名称，也是学员端页面的标题。',
        kind: { type: 'text', max: 60, required: true },
      },
      {
        name: 'shortTitle',
        label: '平台简称',
        help: '位置有限时显示的简称，例如学员端顶部与分享卡片。',
        kind: { type: 'text', max: 20 },
      },
      {
        name: 'projectTitle',
        label: '后台标题',
        help: '管理后台的名称，显示在浏览器标签页与侧边栏。',
        kind: { type: 'text', max: 60, required: true },
      },
      {
        name: 'versionCode',
        label: '版本号',
        help: '后台首页显示的版本号，便于核对当前发布的版本。',
        kind: { type: 'text', max: 20, placeholder: '例如 1.0.0' },
      },
      {
        name: 'customerPhone',
        label: '客服电话',
        help: '学员端展示的客服联系电话；留空则不显示。',
        kind: { type: 'text', max: 30, placeholder: '例如 0531-88888888' },
      },
      {
        name: 'projectArea',
        label: '项目区域',
        help: '项目所在的省或市：培训单位的所在地区须在此范围内，地区选择也从这里开始。',
        kind: { type: 'region' },
      },
      {
        name: 'payTip',
        label: '支付提示',
        help: '学员支付前看到的提示文字（如发票、退款说明）；留空则不显示。',
        kind: { type: 'text', max: 500, multiline: true },
      },
      {
        name: 'studyRemindTemplateId',
        label: '学习提醒模板',
        help: '公众号「模板消息」中学习提醒模板的模板 ID；班级管理的「学习提醒」通过它给已绑定微信并关注公众号的学员发消息。留空则只发短信。',
        kind: { type: 'text', max: 64, placeholder: '公众号后台的模板 ID' },
      },
    ],
  },
  {
    key: 'login',
    title: '登录与注册',
    fields: [
      {
        name: 'loginType',
        label: '学员登录方式',
        help: '学员端允许的登录方式，至少选择一种。',
        kind: {
          type: 'checkboxes',
          required: true,
          options: [
            { value: 'password', label: '密码' },
            { value: 'sms', label: '短信' },
            { value: 'wechat', label: '微信' },
          ],
        },
      },
      {
        name: 'loginAsRegister',
        label: '登录即注册',
        help: '开启后，未注册的手机号用短信验证码登录时，补填身份证号与姓名即自动注册为学员。',
        kind: flag(),
      },
      {
        name: 'idCardVerify',
        label: '实名核验',
        help: '开启后，学员注册（含短信登录即注册、补全身份证号）时通过实名核验服务核对姓名与身份证号，不一致不能注册。',
        kind: flag(),
      },
      {
        name: 'hideStudentLoginPage',
        label: '隐藏学员登录页',
        help: '开启后学员端不显示登录页入口，学员只能从单位二维码、合作平台等其他入口进入。',
        kind: hide,
      },
      {
        name: 'index2Open',
        label: '开放备用入口',
        help: '开启后学员可从备用入口页 /index2 登录；关闭时 /index2 跳转到普通登录页。',
        kind: flag(),
      },
    ],
  },
  {
    key: 'study',
    title: '学习',
    fields: [
      {
        name: 'studyModel',
        label: '学习模式',
        help: '班级套餐：班级包含若干课程，学员须全部学完；自由选课：学员在班级内自选课程，学满要求学时即可。',
        kind: choice('班级套餐', '自由选课'),
      },
      {
        name: 'classStartYear',
        label: '起始年度',
        help: '年度筛选中提供的最早年份。',
        kind: { type: 'integer', min: 2000, max: 2100, unit: '年' },
      },
      {
        name: 'showClassTypeModel',
        label: '班级类型展示',
        help: '学员端选课中心如何展示班级类型：按基础类型（公需/专业）分页签，或展示完整的三级类型树。',
        kind: choice('基础类型页签', '三级类型树'),
      },
      {
        name: ['h5Config', 'showClassType'],
        label: '选课中心班级类型',
        help: '学员端选课中心提供的基础类型（按公需、专业的顺序显示）。',
        kind: {
          type: 'checkboxes',
          options: [
            { value: 'public', label: '公需科目' },
            { value: 'specialized', label: '专业科目' },
          ],
        },
      },
      {
        name: 'hideElective',
        label: '隐藏选修',
        help: '开启后学员端不显示选修课程与选修学时。',
        kind: hide,
      },
      {
        name: 'hidePublicType',
        label: '隐藏公需科目',
        help: '学员端不显示基础类型“公需科目”。',
        kind: hide,
      },
      {
        name: 'hideSpecializedType',
        label: '隐藏专业科目',
        help: '学员端不显示基础类型“专业科目”。',
        kind: hide,
      },
      {
        name: 'hideMajorType',
        label: '隐藏专业类型',
        help: '学员端不显示第二级的专业类型。',
        kind: hide,
      },
      {
        name: 'hideMajorChildType',
        label: '隐藏专业子类型',
        help: '学员端不显示第三级的专业子类型。',
        kind: hide,
      },
      {
        name: 'trySeeVideo',
        label: '允许试看',
        help: '未购买的访客可观看每节课的试看部分。',
        kind: flag(),
      },
    ],
  },
  {
    key: 'video',
    title: '视频',
    fields: [
      {
        name: 'videoProvider',
        label: '视频服务',
        help: '新上传的视频存放和播放的位置；已上传的视频仍从原位置播放。',
        kind: choice('本平台存储', '腾讯云点播'),
      },
      {
        name: 'videoShowHd',
        label: '清晰度切换',
        help: '播放器提供清晰度切换。',
        kind: flag(),
      },
      {
        name: 'videoCanSeek',
        label: '允许拖动进度',
        help: '学员可自由拖动视频进度条。',
        kind: flag(),
      },
      {
        name: 'videoCanSpeed',
        label: '允许倍速',
        help: '学员可倍速播放；关闭时只能 1 倍速播放，学时按 1 倍速计算。',
        kind: flag(),
      },
      {
        name: 'videoLanguage',
        label: '字幕/音轨切换',
        help: '播放器提供字幕或音轨（语言）切换。',
        kind: flag(),
      },
      {
        name: 'videoTaskTime',
        label: '防挂机提醒间隔',
        help: '播放中每隔多少分钟弹出确认，学员确认后继续计时；0 表示不提醒。',
        kind: { type: 'integer', min: 0, unit: '分钟' },
      },
      {
        name: 'videoCanSeekByLimitTime',
        label: '已看部分可拖动',
        help: '可在已观看过的范围内拖动进度，不能跳到未看过的位置。',
        kind: flag(),
      },
      {
        name: 'finishVideoCanSeek',
        label: '学完后自由拖动',
        help: '一节课学完后可以自由拖动进度回看。',
        kind: flag(),
      },
      {
        name: 'needCheckFacePass',
        label: '人脸核验',
        help: '开始学习前及学习过程中随机进行人脸比对，通过后才能继续学习。',
        kind: flag(),
      },
      {
        name: 'faceAgreement',
        label: '人脸识别授权协议',
        help: '学员首次上传人脸照片或人脸核验前阅读并同意的协议；同意的时间和协议文本随学员保存。',
        kind: { type: 'text', max: 4000, multiline: true },
      },
    ],
  },
  {
    key: 'refund',
    title: '退款与转班',
    fields: [
      {
        name: 'studentRefund',
        label: '允许学员申请退款',
        help: '学员可在学员端对自己支付的订单申请退款，由后台审核。',
        kind: flag(),
      },
      {
        name: 'refundClassProcess',
        label: '退款进度上限',
        help: '学习进度不超过该百分比时才能申请退款。',
        kind: { type: 'integer', min: 0, max: 100, unit: '%' },
      },
      {
        name: 'refundOrderTimes',
        label: '每单退款申请次数',
        help: '每个订单最多可申请退款的次数。',
        kind: { type: 'integer', min: 0, unit: '次' },
      },
      {
        name: 'refundOrderDays',
        label: '退款期限',
        help: '支付后多少天内可以申请退款。',
        kind: { type: 'integer', min: 0, unit: '天' },
      },
      {
        name: 'refundText',
        label: '退款说明',
        help: '学员申请退款前看到的说明文字（退款规则、到账时间等）；留空则不显示。',
        kind: { type: 'text', max: 2000, multiline: true },
      },
      {
        name: 'openChangeClass',
        label: '允许转班',
        help: '学员可申请转到其他班级，由后台审核。',
        kind: flag(),
      },
      {
        name: 'openChangeClassSameAmount',
        label: '转班须同价',
        help: '只能转到价格相同的班级。',
        kind: flag('是', '否'),
      },
      {
        name: 'openChangeClassProcess',
        label: '转班进度上限',
        help: '学习进度不超过该百分比时才能申请转班。',
        kind: { type: 'integer', min: 0, max: 100, unit: '%' },
      },
      {
        name: 'openChangeClassDays',
        label: '转班期限',
        help: '支付后多少天内可以申请转班。',
        kind: { type: 'integer', min: 0, unit: '天' },
      },
    ],
  },
  {
    key: 'menu',
    title: '证书与菜单',
    fields: [
      {
        name: 'hideYearCertificate',
        label: '隐藏年度证书',
        help: '学员端不显示按年度汇总的学时证书。',
        kind: hide,
      },
      {
        name: 'hideClassCertificate',
        label: '隐藏班级证书',
        help: '学员端不显示按班级发放的结业证书。',
        kind: hide,
      },
      {
        name: 'hideAccountSettings',
        label: '隐藏账号设置',
        help: '学员端“我的”页面不显示账号设置（修改密码、更换手机号）。',
        kind: hide,
      },
      {
        name: 'hideStudentOtherMenu',
        label: '隐藏其他菜单',
        help: '学员端“我的”页面只保留学习相关的菜单。',
        kind: hide,
      },
    ],
  },
];

/** The top-level setting key a field edits (`h5Config` for its nested field). */
export function settingKeyOf(field: SettingField): keyof ProjectSettings {
  return Array.isArray(field.name) ? field.name[0] : field.name;
}

function normalise(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The settings the form changed, each top-level key whole (`h5Config` as one object), text
 * trimmed: what `project/save-setting` merges over the stored settings.
 */
export function changedSettings(before: ProjectSettings, values: ProjectSettings): Partial<ProjectSettings> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(before) as (keyof ProjectSettings)[]) {
    if (!(key in values)) continue;
    const value = normalise(values[key]);
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changes[key] = value;
  }
  return changes as Partial<ProjectSettings>;
}
