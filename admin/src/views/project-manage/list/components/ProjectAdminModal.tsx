import type { ProjectAdminCreated, ProjectItem } from '@px/api/contract';
import { Descriptions, Form } from 'antd';
import { useState } from 'react';
import { createProjectAdmin } from '../../../../api/project';
import { FormModal } from '../../../../components/FormModal';
import { CopyableText, ShownOnceModal } from '../../../../components/ShownOnce';
import { StaffIdentityFields } from '../../../../components/StaffIdentityFields';

/** The staff account name rule of the contract (3-40 letters, digits or `_ - . @`). */

interface AdminForm {
  accountName: string;
  realName: string;
  mobile?: string;
}

export interface ProjectAdminModalProps {
  /** The project (without back-office staff) that gets its first administrator; open while set. */
  project: ProjectItem | null;
  onClose: () => void;
  /** After the account was created (the list reloads: the project now has staff). */
  onCreated: () => void;
}

/**
 * 创建管理员: the first administrator of a new project (account, name, mobile), with the project's
 * built-in role 项目管理员. The server answers a random initial password once; this dialog shows it
 * once with a copy button and forgets it on closing.
 */
export function ProjectAdminModal({ project, onClose, onCreated }: ProjectAdminModalProps) {
  const [form] = Form.useForm<AdminForm>();
  const [created, setCreated] = useState<ProjectAdminCreated | null>(null);

  const submit = async (values: AdminForm) => {
    if (!project) return;
    const answer = await createProjectAdmin({
      projectId: project.id,
      accountName: values.accountName.trim(),
      realName: values.realName.trim(),
      mobile: values.mobile?.trim() || undefined,
    });
    setCreated(answer);
    onCreated();
  };

  /** Closing forgets the password: it is shown once and kept nowhere. */
  const close = () => {
    setCreated(null);
    onClose();
  };

  if (created) {
    return (
      <ShownOnceModal
        title="管理员已创建"
        open={project !== null}
        onClose={close}
        warning="初始密码只显示这一次，关闭后无法再次查看。请复制后告知本人，并请其登录后修改密码。"
      >
        <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label="项目">{project?.name}</Descriptions.Item>
          <Descriptions.Item label="账号">{created.accountName}</Descriptions.Item>
          <Descriptions.Item label="姓名">{created.realName}</Descriptions.Item>
          <Descriptions.Item label="初始密码">
            <CopyableText code text={created.password} testId="initial-password" />
          </Descriptions.Item>
        </Descriptions>
      </ShownOnceModal>
    );
  }

  return (
    <FormModal<AdminForm>
      open={project !== null}
      title={project ? `创建管理员：${project.name}` : '创建管理员'}
      okText="创建"
      name="project-admin"
      form={form}
      initialValues={{ accountName: '', realName: '', mobile: '' }}
      intro="为尚无后台账号的项目创建第一个管理员（角色：项目管理员），初始密码由系统随机生成并只显示一次；其余人员由该管理员在“管理员列表”中添加。"
      onSubmit={submit}
      onClose={close}
    >
      <StaffIdentityFields />
    </FormModal>
  );
}
