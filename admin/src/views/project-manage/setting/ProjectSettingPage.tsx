import { Button, Flex, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getProjectSetting, saveProjectSetting } from '../../../api/project';
import { RecordPending } from '../../../components/RecordPending';
import { useRecord } from '../../../hooks/useRecord';
import { readPositiveId } from '../../../utils/query-id';
import { ProjectSettingsForm } from './components/ProjectSettingsForm';
import { RegulatorPushCard } from './components/RegulatorPushCard';

const LIST_PATH = '/project-manage/list';

/**
 * 项目设置 of platform staff (hidden page, `?projectId=`): every setting of spec section 3 in groups,
 * each with its meaning. The project's own staff change some of them too (账号管理 → 项目设置,
 * `PROJECT_STAFF_SETTING_KEYS`). Saves only the settings that changed. Below, 学时上报: the
 * project's reporting to the regulator (platform staff only).
 */
export function ProjectSettingPage() {
  const [params] = useSearchParams();
  const projectId = readPositiveId(params.get('projectId'));
  const navigate = useNavigate();
  const state = useRecord(projectId, getProjectSetting);

  if (projectId === null) {
    return (
      <Result
        status="warning"
        title="未指定项目"
        subTitle="请从项目列表进入项目设置。"
        extra={
          <Button type="primary" onClick={() => navigate(LIST_PATH)}>
            返回项目列表
          </Button>
        }
      />
    );
  }
  if (state.status !== 'ready') {
    const back = <Button onClick={() => navigate(LIST_PATH)}>返回项目列表</Button>;
    return <RecordPending state={state} onRetry={state.reload} back={back} />;
  }

  const answer = state.record;
  return (
    <Flex vertical gap={16}>
      <ProjectSettingsForm
        answer={answer}
        title={`项目设置 · ${answer.projectName}`}
        save={(changes) => saveProjectSetting(answer.projectId, changes)}
        onSaved={state.set}
        extraActions={<Button onClick={() => navigate(LIST_PATH)}>返回列表</Button>}
      />
      <RegulatorPushCard projectId={answer.projectId} />
    </Flex>
  );
}
