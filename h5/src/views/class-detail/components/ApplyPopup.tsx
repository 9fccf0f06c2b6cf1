import { useState } from 'react';
import { Button, Popup } from 'react-vant';

export interface ApplyPopupProps {
  visible: boolean;
  className: string;
  busy: boolean;
  onClose: () => void;
  /** Sends the application; answers whether it was sent (the popup then closes). */
  onSubmit: (reason: string) => Promise<boolean>;
}

/** 申请报名 of a class marked 报名需审核: what the student tells staff (optional), then 提交申请. */
export function ApplyPopup({ visible, className, busy, onClose, onSubmit }: ApplyPopupProps) {
  const [reason, setReason] = useState('');
  const submit = async () => {
    if (await onSubmit(reason)) {
      setReason('');
      onClose();
    }
  };
  return (
    <Popup
      visible={visible}
      round
      position="bottom"
      closeable
      onClose={onClose}
      title="申请报名"
      destroyOnClose
    >
      <div className="class-apply">
        <p className="class-apply__intro">「{className}」报名需审核：提交申请后，审核通过即可报名学习。</p>
        <textarea
          className="class-apply__reason"
          aria-label="申请说明"
          placeholder="申请说明（选填），如所在单位、岗位"
          maxLength={200}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button round block type="primary" loading={busy} disabled={busy} onClick={() => void submit()}>
          提交申请
        </Button>
      </div>
    </Popup>
  );
}
