import type { StaffAccountItem } from '@px/api/contract';
import { ApiError, encryptLoginField, ROLE_SYSTEM } from '@px/config';
import { Form, Input, message, Select } from 'antd';
import { useEffect } from 'react';
import { saveAccount } from '../../../../api/account';
import { FormModal } from '../../../../components/FormModal';
import { StaffIdentityFields } from '../../../../components/StaffIdentityFields';
import type { AccountOptions } from '../hooks/useAccountOptions';
import { passwordRule, samePasswordRule } from '../password-rules';
import { groupedRoleOptions } from '../role-options';

export interface AccountEditorModalProps {
  open: boolean;
  /** The account to edit; undefined for a new one. */
  account?: StaffAccountItem;
  options: AccountOptions;
  /** The server's public key for passwords (system-info `loginPublicKey`). */
  publicKey: string | undefined;
  onClose: () => void;
  /** After a successful save (the list reloads). */
  onSaved: (account: StaffAccountItem) => void;
}

interface AccountForm {
  accountName: string;
  realName: string;
  mobile?: string;
  roleId?: number;
  unitId?: number;
  password?: string;
  confirmPassword?: string;
}

/** The staff account name rule of the contract (3-40 letters, digits or `_ - . @`). */

/**
 * Adds or edits a staff account of the administrator list: account name, real name, mobile, role
 * (role systems 2 and 4), unit (required for a unit manager's role) and, when adding, the password,
 * which is encrypted with the server's key exactly as at sign-in.
 */
export function AccountEditorModal({
  open,
  account,
  options,
  publicKey,
  onClose,
  onSaved,
}: AccountEditorModalProps) {
  const [form] = Form.useForm<AccountForm>();
  const roleId = Form.useWatch('roleId', form);
  const creating = account === undefined;
  const needsUnit = options.roles.find((role) => role.id === roleId)?.roleSystem === ROLE_SYSTEM.UNIT;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      account
        ? {
            accountName: account.accountName ?? '',
            realName: account.realName,
            mobile: account.mobile ?? '',
            roleId: account.roleId,
            unitId: account.unitId ?? undefined,
          }
        : { accountName: '', realName: '', mobile: '' },
    );
  }, [open, account, form]);

  const submit = async (values: AccountForm) => {
    try {
      if (creating && !publicKey) throw new Error('系统信息未加载，请刷新页面后重试');
      const password =
        creating && values.password
          ? await encryptLoginField(values.password, publicKey as string)
          : undefined;
      const saved = await saveAccount({
        ...(account ? { id: account.id } : {}),
        accountName: values.accountName.trim(),
        realName: values.realName.trim(),
        mobile: values.mobile?.trim() ?? '',
        roleId: values.roleId as number,
        ...(needsUnit ? { unitId: values.unitId } : {}),
        ...(password ? { password } : {}),
      });
      void message.success(creating ? '添加成功' : '保存成功');
      onSaved(saved);
    } catch (error) {
      // API failures were shown by the request client; anything else (no WebCrypto) is shown here.
      if (!(error instanceof ApiError))
        void message.error(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  return (
    <FormModal<AccountForm>
      title={creating ? '添加管理员' : '编辑管理员'}
      open={open}
      okText="保存"
      name="account-editor"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <StaffIdentityFields />
      <Form.Item
        label="角色"
        name="roleId"
        rules={[{ required: true, message: '请选择角色' }]}
        extra={creating ? undefined : '修改角色或所属单位后，该账号需重新登录'}
      >
        <Select placeholder="请选择角色" options={groupedRoleOptions(options.roles)} />
      </Form.Item>
      {needsUnit && (
        <Form.Item
          label="所属单位"
          name="unitId"
          rules={[{ required: true, message: '单位管理员须选择所属单位' }]}
        >
          <Select
            placeholder="请选择所属单位"
            showSearch={{ optionFilterProp: 'label' }}
            options={options.units.map((unit) => ({ value: unit.id, label: unit.name }))}
          />
        </Form.Item>
      )}
      {creating && (
        <>
          <Form.Item
            label="密码"
            name="password"
            rules={[{ required: true, message: '请输入密码' }, passwordRule]}
            extra="以字母开头，6-19 位字母、数字或下划线，至少包含一个数字"
          >
            <Input.Password placeholder="请输入密码" autoComplete="new-password" maxLength={19} />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="confirmPassword"
            dependencies={['password']}
            rules={[{ required: true, message: '请再次输入密码' }, samePasswordRule('password')]}
          >
            <Input.Password placeholder="请再次输入密码" autoComplete="new-password" maxLength={19} />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
