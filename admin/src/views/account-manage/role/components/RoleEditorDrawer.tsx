import type { RoleItem } from '@px/api/contract';
import { ROLE_SYSTEM, type RoleSystem } from '@px/config';
import { Form, Input, message, Select } from 'antd';
import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { findRole, saveRole } from '../../../../api/role';
import { EditorDrawer } from '../../../../components/EditorDrawer';
import { useEditorRecord } from '../../../../hooks/useEditorRecord';
import { useFormSave } from '../../../../hooks/useFormSave';
import { collectMenuUrls } from '../../../../router/access';
import { accountInfoAtom } from '../../../../store/session';
import { maxChars, required } from '../../../../utils/form-rules';
import { grantedPages, menuPayload } from '../menu-grants';
import { roleSystemOptions, roleSystemsFor } from '../role-systems';
import { MenuGrantTree } from './MenuGrantTree';

export interface RoleEditorDrawerProps {
  open: boolean;
  /** The role to edit; undefined for a new role. */
  roleId?: number;
  onClose: () => void;
  /** After a successful save (the list reloads). */
  onSaved: (role: RoleItem) => void;
}

interface RoleForm {
  name: string;
  roleSystem?: RoleSystem;
  remark?: string;
}

/**
 * Creates or edits a role in a drawer: name, role system, remark and the granted menu tree. An
 * existing role is loaded again with `role/find`. The role system of a built-in role or of a role
 * that accounts hold cannot change (the server refuses it too).
 */
export function RoleEditorDrawer({ open, roleId, onClose, onSaved }: RoleEditorDrawerProps) {
  const info = useAtomValue(accountInfoAtom);
  const [form] = Form.useForm<RoleForm>();
  const { saving, run } = useFormSave(form);
  const [role, setRole] = useState<RoleItem | null>(null);
  const [pages, setPages] = useState<Set<string>>(() => new Set());
  const roleSystem = Form.useWatch('roleSystem', form);
  const systems = roleSystemsFor(info);
  const held = useMemo(() => collectMenuUrls(info?.roleRP.menu ?? []), [info]);
  const originalPages = useMemo(() => grantedPages(role?.menu ?? []), [role]);
  const canChange = useCallback(
    (page: string) => held.has(page) || originalPages.has(page),
    [held, originalPages],
  );

  const { loading, failure } = useEditorRecord({
    open,
    id: roleId,
    fetch: findRole,
    reset: () => {
      setRole(null);
      form.resetFields();
      setPages(new Set());
    },
    show: (found) => {
      if (!found) {
        form.setFieldsValue({ name: '', roleSystem: systems[0], remark: '' });
        return;
      }
      setRole(found);
      form.setFieldsValue({ name: found.name, roleSystem: found.roleSystem, remark: found.remark ?? '' });
      setPages(grantedPages(found.menu));
    },
    failure: '角色加载失败，请关闭后重试',
  });

  const isStudent = roleSystem === ROLE_SYSTEM.STUDENT;
  const systemLocked = Boolean(role && (role.code || role.accountCount > 0));

  const submit = async (values: RoleForm) => {
    await run(async () => {
      const saved = await saveRole({
        ...(role ? { id: role.id } : {}),
        name: values.name.trim(),
        roleSystem: values.roleSystem as RoleSystem,
        remark: values.remark?.trim() ?? '',
        menu: values.roleSystem === ROLE_SYSTEM.STUDENT ? [] : menuPayload(pages),
      });
      void message.success('保存成功');
      onSaved(saved);
    });
  };

  const title = roleId === undefined ? '新增角色' : '编辑角色';
  return (
    <EditorDrawer
      title={title}
      open={open}
      onClose={onClose}
      size={640}
      saving={saving}
      onSave={() => form.submit()}
      loading={loading}
      failure={failure}
      footerClassName="role-editor__footer"
    >
      <Form<RoleForm> name="role-editor" form={form} layout="vertical" onFinish={submit} disabled={loading}>
        <Form.Item
          label="角色名称"
          name="name"
          rules={[required('请输入角色名称'), maxChars('角色名称', 40)]}
        >
          <Input placeholder="请输入角色名称" maxLength={40} />
        </Form.Item>
        <Form.Item
          label="角色类型"
          name="roleSystem"
          rules={[{ required: true, message: '请选择角色类型' }]}
          extra={
            systemLocked
              ? role?.code
                ? '内置角色不能修改角色类型'
                : '该角色下已有账号，不能修改角色类型'
              : undefined
          }
        >
          <Select placeholder="请选择角色类型" options={roleSystemOptions(systems)} disabled={systemLocked} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[maxChars('备注', 200)]}>
          <Input.TextArea placeholder="请输入备注" maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item
          label="菜单权限"
          extra={
            isStudent
              ? '学员角色不能分配后台菜单'
              : '勾选页面即同时授予其所在目录；隐藏页（详情、编辑等）不出现在菜单中，从所属目录的页面进入'
          }
        >
          <div className="role-editor__tree">
            {/* Mounted once the role is loaded, so the tree starts with its final data. */}
            {loading ? null : (
              <MenuGrantTree
                value={isStudent ? new Set() : pages}
                onChange={setPages}
                canChange={canChange}
                disabled={isStudent}
              />
            )}
          </div>
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
