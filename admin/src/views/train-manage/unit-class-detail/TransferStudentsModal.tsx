import {
  UNIT_CLASS_TRANSFER_STATUS_LABEL,
  type UnitClassItem,
  type UnitClassTransferTarget,
  type UnitClassTransferView,
} from '@px/api/contract';
import { Alert, Button, Form, Modal, Radio, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import {
  getUnitClassTransferProgress,
  getUnitClassTransferTargets,
  startUnitClassTransfer,
} from '../../../api/unit-class';
import { JobProgress } from '../../../components/JobProgress';
import { usePoll } from '../../../hooks/usePoll';

/** How often the dialog asks where a running transfer stands. */
export const TRANSFER_POLL_MS = 1000;

type Scope = 'SELECTED' | 'ALL';

interface TransferValues {
  toId: number;
  scope: Scope;
}

const STATUS_COLOR: Readonly<Record<UnitClassTransferView['status'], string>> = {
  RUNNING: 'processing',
  DONE: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
};

/** The bar of a transfer: its share of students processed, coloured by how it stands or ended. */
/** What an ended transfer means, or what to expect while it runs. */
function outcomeOf(view: UnitClassTransferView): {
  type: 'success' | 'warning' | 'error' | 'info';
  text: string;
} {
  switch (view.status) {
    case 'DONE':
      return { type: 'success', text: `已将 ${view.okCount} 名学员转入「${view.toUnitClassName}」。` };
    case 'PARTIAL':
      return {
        type: 'warning',
        text: `已转移 ${view.okCount} 名学员，${view.failedCount} 名未转移，原因见转移记录。`,
      };
    case 'FAILED':
      return { type: 'error', text: `${view.message || '转移失败'}，原因见转移记录。` };
    default:
      return { type: 'info', text: '正在转移，请稍候；关闭本窗口不影响转移。' };
  }
}

/** 转移进度: a transfer's state, a bar of students processed, 总数/已处理/成功/失败 and its outcome. */
export function TransferProgress({ view }: { view: UnitClassTransferView }) {
  const outcome = outcomeOf(view);
  return (
    <div data-testid="transfer-progress">
      <p>
        {`「${view.fromUnitClassName}」→「${view.toUnitClassName}」 `}
        <Tag color={STATUS_COLOR[view.status]}>{UNIT_CLASS_TRANSFER_STATUS_LABEL[view.status]}</Tag>
      </p>
      <JobProgress view={view} label="转移进度" />
      <Alert type={outcome.type} showIcon title={outcome.text} />
    </div>
  );
}

/** The dialog is mounted while open (its fields and progress start afresh each time). */
export interface TransferStudentsModalProps {
  unitClass: UnitClassItem;
  /** The students (`myClassId`) chosen in the table; none: only 全部学员 is offered. */
  selectedIds: readonly number[];
  open: boolean;
  onClose: () => void;
  /** Called once with the transfer when it has ended (the page reloads its students and records). */
  onFinished: (view: UnitClassTransferView) => void;
}

const targetLabel = (target: UnitClassTransferTarget, ownUnitId: number) =>
  `${target.name}（${target.unitId === ownUnitId ? '本单位' : target.unitName}，${target.studentCount} 人）`;

/**
 * 转移学员: choose the target unit class (open, same class; from `transfer-targets`) and whether the
 * selected students or all of them move; then the transfer's progress, polled until it ends.
 */
export function TransferStudentsModal({
  unitClass,
  selectedIds,
  open,
  onClose,
  onFinished,
}: TransferStudentsModalProps) {
  const [form] = Form.useForm<TransferValues>();
  const [targets, setTargets] = useState<UnitClassTransferTarget[] | null>(null);
  const [view, setView] = useState<UnitClassTransferView | null>(null);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setTargets(null);
    getUnitClassTransferTargets(unitClass.id).then(
      (rows) => live && setTargets(rows),
      () => live && setTargets([]),
    );
    return () => {
      live = false;
    };
  }, [open, unitClass.id]);

  // The choice follows the selection each time the dialog opens.
  const hasSelection = selectedIds.length > 0;
  useEffect(() => {
    if (open) form.setFieldsValue({ scope: hasSelection ? 'SELECTED' : 'ALL' });
  }, [open, hasSelection, form]);

  usePoll(
    view && !view.finished ? view.id : null,
    async (id) => {
      const next = await getUnitClassTransferProgress(id, { quiet: true });
      setView(next);
      if (next.finished) onFinished(next);
    },
    TRANSFER_POLL_MS,
  );

  const submit = async () => {
    let values: TransferValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setStarting(true);
    try {
      setView(
        await startUnitClassTransfer({
          fromId: unitClass.id,
          toId: values.toId,
          ...(values.scope === 'SELECTED' ? { myClassIds: [...selectedIds] } : {}),
        }),
      );
    } catch {
      // The request client has shown why.
    } finally {
      setStarting(false);
    }
  };

  const noTargets = targets !== null && targets.length === 0;
  const footer = view
    ? [
        <Button key="close" type={view.finished ? 'primary' : 'default'} onClick={onClose}>
          {view.finished ? '完成' : '关闭'}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={starting} disabled={noTargets} onClick={() => void submit()}>
          开始转移
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title="转移学员"
      footer={footer}
      onCancel={onClose}
      mask={{ closable: false }}
      width={600}
    >
      {view ? (
        <TransferProgress view={view} />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            title="学员转入同一班级的另一个单位班级，学习进度、学时、订单和缴费保持不变。"
            style={{ marginBottom: 16 }}
          />
          {noTargets && (
            <Alert
              type="warning"
              showIcon
              title="没有可转入的单位班级：请先为该班级新建一个单位班级（须为开启状态）。"
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<TransferValues>
            form={form}
            name="unit-class-transfer-form"
            layout="vertical"
            initialValues={{ scope: selectedIds.length > 0 ? 'SELECTED' : 'ALL' }}
          >
            <Form.Item label="转出单位班级">{unitClass.name}</Form.Item>
            <Form.Item
              name="toId"
              label="转入单位班级"
              rules={[{ required: true, message: '请选择转入单位班级' }]}
            >
              <Select
                placeholder="请选择转入单位班级"
                loading={targets === null}
                options={(targets ?? []).map((target) => ({
                  value: target.id,
                  label: targetLabel(target, unitClass.unitId),
                }))}
              />
            </Form.Item>
            <Form.Item name="scope" label="转移学员">
              <Radio.Group
                options={[
                  {
                    value: 'SELECTED',
                    label: `已选学员（${selectedIds.length} 人）`,
                    disabled: selectedIds.length === 0,
                  },
                  { value: 'ALL', label: `全部学员（${unitClass.studentCount} 人）` },
                ]}
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
