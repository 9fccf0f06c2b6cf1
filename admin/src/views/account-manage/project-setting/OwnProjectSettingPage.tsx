import { isProjectStaffSetting } from '@px/config';
import { Alert } from 'antd';
import { getOwnProjectSetting, saveOwnProjectSetting } from '../../../api/project';
import { RecordPending } from '../../../components/RecordPending';
import { useRecord } from '../../../hooks/useRecord';
import { ProjectSettingsForm } from '../../project-manage/setting/components/ProjectSettingsForm';

/** Not a setting of the project's staff: shown read-only with this note. */
const PLATFORM_NOTE = '由平台管理员设置';

/**
 * 项目设置 of a project's own staff (账号管理): the settings of the project they work in. They change
 * its names, customer phone, pay note, trial, refund and change-class rules and what the H5 shows
 * (`PROJECT_STAFF_SETTING_KEYS`); the platform's settings are shown read-only (由平台管理员设置).
 */
export function OwnProjectSettingPage() {
  const state = useRecord('own', () => getOwnProjectSetting());
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} />;
  const answer = state.record;
  return (
    <ProjectSettingsForm
      answer={answer}
      title={`项目设置 · ${answer.projectName}`}
      save={saveOwnProjectSetting}
      onSaved={state.set}
      locked={(key) => !isProjectStaffSetting(key)}
      lockedNote={PLATFORM_NOTE}
      notice={
        <Alert
          type="info"
          showIcon
          title="灰色的设置项（登录方式、学习模式、视频与人脸核验规则、项目区域等）由平台管理员设置；如需调整，请联系平台管理员。"
          style={{ marginBottom: 16 }}
        />
      }
    />
  );
}
