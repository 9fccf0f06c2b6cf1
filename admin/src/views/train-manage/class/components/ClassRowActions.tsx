import type { ClassItem } from '@px/api/contract';
import { Button, message, Space } from 'antd';
import { Link } from 'react-router-dom';
import { notifyStudyClass } from '../../../../api/class-apply';
import { copyClass, deleteClass, setClassesOnShelf } from '../../../../api/train-class';
import { DeleteAction } from '../../../../components/RowActions';
import type { RowAction } from '../../../../hooks/useRowAction';
import { ConfirmAction } from '../../components/ConfirmAction';
import { classDeleteRefusal, classDetailPath } from '../class-meta';

export interface ClassRowActionsProps {
  item: ClassItem;
  /** The list's row changes (busy row, run with a success message and reload). */
  action: RowAction<number>;
  /** Opens 改价 for the row. */
  onChangePrice: (item: ClassItem) => void;
  /** The role may open the class editor (编辑 is shown). */
  canEdit: boolean;
}

/** 学习提醒 of a class: reminds its students still studying, and says how many and by which way. */
async function remind(item: ClassItem): Promise<void> {
  try {
    const answer = await notifyStudyClass(item.id);
    if (answer.students === 0) {
      void message.info('该班级没有学习中的学员');
      return;
    }
    const today = answer.alreadyToday ? `；${answer.alreadyToday} 名学员今天已提醒过` : '';
    void message.success(
      `已提醒 ${answer.notified} 名学员（短信 ${answer.sms} 条，微信 ${answer.wechat} 条）${today}`,
    );
  } catch {
    // The request client has shown why.
  }
}

/** The actions of one class row: 编辑 (with the editor's grant), 复制, 上架/下架, 改价, 学习提醒, 删除. */
export function ClassRowActions({ item, action, onChangePrice, canEdit }: ClassRowActionsProps) {
  const busy = action.busy === item.id;
  const run = (call: () => Promise<unknown>, done: string) => action.run(item.id, call, done);
  return (
    <Space size={0} wrap>
      {canEdit && (
        <Link to={classDetailPath(item.id)} style={{ padding: '0 8px' }}>
          编辑
        </Link>
      )}
      <ConfirmAction
        label="复制"
        title={`复制班级「${item.name}」？`}
        description="副本含全部课程，名称为「原名（副本）」，处于下架状态。"
        busy={busy}
        onConfirm={() => run(() => copyClass(item.id), '班级已复制')}
      />
      {item.onShelf ? (
        <ConfirmAction
          label="下架"
          title={`下架班级「${item.name}」？`}
          description="下架后学员不能再报名，已报名的学员不受影响。"
          busy={busy}
          onConfirm={() => run(() => setClassesOnShelf([item.id], false), '班级已下架')}
        />
      ) : (
        <Button
          type="link"
          size="small"
          disabled={busy}
          onClick={() => void run(() => setClassesOnShelf([item.id], true), '班级已上架')}
        >
          上架
        </Button>
      )}
      <Button type="link" size="small" disabled={busy} onClick={() => onChangePrice(item)}>
        改价
      </Button>
      <ConfirmAction
        label="学习提醒"
        title={`提醒「${item.name}」未学完的学员？`}
        description="通过公众号模板消息（已绑定微信并关注的学员）和短信提醒学习中的学员；同一学员每天只提醒一次。"
        busy={busy}
        onConfirm={() => remind(item)}
      />
      <DeleteAction
        confirmTitle={`删除班级「${item.name}」？`}
        busy={busy}
        refusal={classDeleteRefusal(item)}
        onDelete={() => run(() => deleteClass(item.id), '班级已删除')}
      />
    </Space>
  );
}
