import type { Sequelize, Transaction } from 'sequelize';
import type {
  ExceptionCaseAction,
  ExceptionCaseKind,
  ExceptionCaseStatus,
} from '../../contract/exception-register';
import { Account } from '../account/account.model';
import { DEMO_REVIEWERS } from '../train-class/class-evaluation.demo';
import { ExceptionCase, ExceptionCaseNoteRow } from './exception-case.model';

/** The demo's registered cases, as docs/tour.md names them. */
export const DEMO_EXCEPTION_CASES = [
  { student: 0, kind: 'HOURS', description: '学员反映第二章视频已看完但学时未累计，请核对学习记录。' },
  { student: 1, kind: 'FACE', description: '学员多次人脸核验失败，照片为多年前的证件照。' },
  { student: 2, kind: 'PAYMENT', description: '学员称微信已扣款但订单仍显示待支付。' },
] as const satisfies readonly { student: number; kind: ExceptionCaseKind; description: string }[];

/**
 * The demo of 异常登记 (after the staff and the reviewers): 李四's case of hours waits unassigned
 * (待处理), 王五's face check is with 客服小王 (处理中), 赵六's payment was resolved by 客服小王
 * (已处理), each with its steps.
 */
export async function seedExceptionCaseDemo(
  projectId: number,
  staff: { admin: number; service: number },
  transaction: Transaction,
): Promise<void> {
  // One statement: statements of one transaction share its connection, which runs them one at a time.
  const found = await Account.findAll({
    where: { projectId, idCardNo: DEMO_REVIEWERS.map((reviewer) => reviewer.idCardNo) },
    transaction,
  });
  const students = DEMO_REVIEWERS.map(
    (reviewer) => found.find((account) => account.idCardNo === reviewer.idCardNo) ?? null,
  );
  const hour = 3_600_000;
  const start = Date.now() - 72 * hour;
  const states: ExceptionCaseStatus[] = ['PENDING', 'PROCESSING', 'RESOLVED'];
  for (const [index, demo] of DEMO_EXCEPTION_CASES.entries()) {
    const student = students[demo.student];
    if (!student) throw new Error('the demo reviewers are missing');
    const status = states[index] ?? 'PENDING';
    const at = (hours: number) => new Date(start + (index * 12 + hours) * hour);
    const assigneeId = status === 'PENDING' ? null : staff.service;
    const row = await ExceptionCase.create(
      {
        projectId,
        accountId: student.id,
        kind: demo.kind,
        description: demo.description,
        status,
        assigneeId,
        createdBy: staff.service,
        createdAt: at(0),
        updatedAt: at(status === 'RESOLVED' ? 5 : 2),
      },
      { transaction },
    );
    const notes: [ExceptionCaseAction, ExceptionCaseStatus | null, ExceptionCaseStatus, string, number][] = [
      ['REGISTER', null, 'PENDING', '', 0],
    ];
    if (status !== 'PENDING') {
      notes.push(['ASSIGN', 'PENDING', 'PENDING', '', 1]);
      notes.push(['START', 'PENDING', 'PROCESSING', '已联系学员，等待其重新上传照片', 2]);
    }
    if (status === 'RESOLVED')
      notes.push(['RESOLVE', 'PROCESSING', 'RESOLVED', '已在微信支付商户平台核实到账，补单完成', 5]);
    for (const [action, fromStatus, toStatus, note, hours] of notes)
      await ExceptionCaseNoteRow.create(
        {
          projectId,
          caseId: row.id,
          action,
          fromStatus,
          toStatus,
          note,
          assigneeId: action === 'REGISTER' ? null : assigneeId,
          createdBy: action === 'ASSIGN' ? staff.admin : staff.service,
          createdAt: at(hours),
        },
        { transaction },
      );
  }
}

/**
 * The demo of 异常记录 beyond what the demo's own work fails at (赵六's push, refused by the simulated
 * register at start): a payment notification refused by verification (a forged one, matching no
 * order), which platform staff see and mark handled.
 */
export async function seedExceptionLogDemo(sequelize: Sequelize, transaction: Transaction): Promise<void> {
  await sequelize.query(
    `INSERT INTO pay_notification (wxapp_id, notification_id, event_type, out_trade_no, outcome, reason, received_at)
     VALUES (NULL, NULL, NULL, NULL, 'REFUSED', 'SIGNATURE_INVALID: 通知签名校验失败（伪造或密钥不符）', now() - interval '5 hours')`,
    { transaction },
  );
}
