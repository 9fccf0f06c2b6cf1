import type { MyProfile } from '@px/api/contract';
import { useNavigate } from 'react-router-dom';
import { Button, Cell } from 'react-vant';
import { useConfirmedSignOut } from '../../../hooks/useConfirmedSignOut';
import { SWITCH_LOGIN_PATH } from '../../../router/paths';
import { FacePhotoSettings } from './FacePhotoSettings';

export interface AccountSettingsProps {
  profile: MyProfile;
  /** 修改密码 and 修改手机号 are offered (not `hideAccountSettings`). */
  showAccountSettings: boolean;
  /** The project checks faces during study (`needCheckFacePass`): 人脸照片 is offered. */
  showFacePhoto: boolean;
  onModifyPassword: () => void;
  onModifyMobile: () => void;
}

/**
 * 账号设置: the profile (mobile, e-mail, unit, WeChat), 人脸照片 (when the project checks faces),
 * 修改密码 and 修改手机号 (unless hidden by the project), 切换账号 and 退出登录.
 */
export function AccountSettings({
  profile,
  showAccountSettings,
  showFacePhoto,
  onModifyPassword,
  onModifyMobile,
}: AccountSettingsProps) {
  const navigate = useNavigate();
  const signOut = useConfirmedSignOut();
  return (
    <>
      <Cell.Group inset title="个人信息" className="my__group">
        <Cell title="手机号" value={profile.mobile ?? '未绑定'} />
        <Cell title="邮箱" value={profile.email ?? '未填写'} />
        <Cell title="所属单位" value={profile.unitName ?? '无'} />
        <Cell
          title="微信"
          value={profile.wechat.bound ? (profile.wechat.nickname ?? '已绑定') : '未绑定'}
          label={profile.wechat.bound ? '已绑定，可使用微信直接登录' : undefined}
        />
      </Cell.Group>

      {showFacePhoto && <FacePhotoSettings />}

      <Cell.Group inset title="账号设置" className="my__group">
        {showAccountSettings && (
          <>
            <Cell title="修改密码" isLink clickable onClick={onModifyPassword} />
            <Cell title="修改手机号" isLink clickable onClick={onModifyMobile} />
          </>
        )}
        <Cell title="切换账号" isLink clickable onClick={() => navigate(SWITCH_LOGIN_PATH)} />
      </Cell.Group>

      <div className="my__logout">
        <Button
          round
          block
          type="danger"
          plain
          onClick={() => void signOut({ title: '退出登录', message: '确定退出当前账号吗？' })}
        >
          退出登录
        </Button>
      </div>
    </>
  );
}
