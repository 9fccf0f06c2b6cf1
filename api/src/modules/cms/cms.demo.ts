import { idCardCheckChar, ROLE_SYSTEM } from '@px/config';
import type { Transaction } from 'sequelize';
import type { CmsApplyStatus, Education } from '../../contract/cms';
import type { SkillLevel } from '../../contract/my-certificate';
import { loadEnv } from '../../env';
import { Account } from '../account/account.model';
import { Role } from '../account/role.model';
import { issueSkillCertificate } from '../my-certificate/certificate-issue';
import { PayOrder } from '../order/order.model';
import { logOrder, newOrderNo } from '../order/order-state';
import { fileStorageFromEnv } from '../storage/file-storage';
import { encodePng, type Rgb } from '../storage/png';
import type { FileStorage } from '../storage/storage';
import { chinaToday } from '../train-class/class-read';
import { CmsApply, CmsApplyLog, CmsBatch, CmsFeeOrder, CmsScore, CmsSitting, CmsSubject } from './cms.model';
import { ticketNumber } from './cms-exam.service';

/**
 * The examinations' demo (README "Where to try each capability"): an open batch (焊工, fee ¥200)
 * with applications in every state (待审核, 已驳回, 待缴费, 已报名 with a seat and a ticket, 已取消)
 * and a closed free batch (育婴员) whose scores are published, the demo student 张三 among those who
 * passed (the public score query shows it, and his skill certificate).
 */

/** The open batch and the published one (README and the browser test name them). */
export const DEMO_CMS = {
  openBatch: '2026年焊工职业技能等级认定（第四期）',
  publishedBatch: '2026年育婴员考核（第三期）',
} as const;

/** The demo candidates of the open batch, one per state of an application. */
const CANDIDATES: readonly {
  realName: string;
  idBody: string;
  mobile: string;
  status: CmsApplyStatus;
  education: Education;
  level: SkillLevel;
}[] = [
  {
    realName: '周文杰',
    idBody: '37010219900512003',
    mobile: '13600000201',
    status: 'SUBMITTED',
    education: 'SENIOR',
    level: 'L5',
  },
  {
    realName: '吴晓梅',
    idBody: '37010219930818002',
    mobile: '13600000202',
    status: 'SUBMITTED',
    education: 'COLLEGE',
    level: 'L4',
  },
  {
    realName: '郑国庆',
    idBody: '37010219851001001',
    mobile: '13600000203',
    status: 'REJECTED',
    education: 'JUNIOR',
    level: 'L4',
  },
  {
    realName: '冯雅琴',
    idBody: '37010219950214004',
    mobile: '13600000204',
    status: 'APPROVED',
    education: 'BACHELOR',
    level: 'L5',
  },
  {
    realName: '何振华',
    idBody: '37010219880630005',
    mobile: '13600000205',
    status: 'PAID',
    education: 'COLLEGE',
    level: 'L4',
  },
  {
    realName: '许丽娜',
    idBody: '37010219911120006',
    mobile: '13600000206',
    status: 'PAID',
    education: 'SENIOR',
    level: 'L5',
  },
  {
    realName: '韩志远',
    idBody: '37010219870309007',
    mobile: '13600000207',
    status: 'CANCELLED',
    education: 'SENIOR',
    level: 'L4',
  },
];

/** The published batch's other candidates (张三 is the third). */
const SCORED: readonly {
  realName: string;
  idBody: string;
  mobile: string;
  scores: [number, number | null];
}[] = [
  { realName: '孔令辉', idBody: '37010219890722008', mobile: '13600000208', scores: [86, 90] },
  { realName: '曹雪芬', idBody: '37010219940403009', mobile: '13600000209', scores: [52, null] },
];

const DAY = 86_400_000;

/** A passport photo: a grey silhouette on a light blue ground, 330×480. */
function demoPhoto(shade: number): Buffer {
  const ground: Rgb = [214, 232, 248];
  const figure: Rgb = [110 + shade, 118 + shade, 130 + shade];
  return encodePng(330, 480, (x, y) => {
    const head = (x - 165) ** 2 / 70 ** 2 + (y - 190) ** 2 / 86 ** 2 <= 1;
    const shoulders = y > 300 && (x - 165) ** 2 / 150 ** 2 + (y - 470) ** 2 / 170 ** 2 <= 1;
    return head || shoulders ? figure : ground;
  });
}

/**
 * Seeds the examinations' demo into a project. `student` is the demo student (a passing candidate
 * of the published batch), `staffId` the demo 考务 staff (who reviewed), `unitId` the demo unit;
 * photos go through `storage` (the environment's when not given).
 */
export async function seedCmsDemo(
  projectId: number,
  people: { student: Account; staffId: number; unitId: number; issuer: string },
  transaction: Transaction,
  now: Date = new Date(),
  storage: FileStorage = fileStorageFromEnv(loadEnv()),
): Promise<void> {
  const day = (offset: number) => chinaToday(new Date(now.getTime() + offset * DAY));
  const role = await Role.findOne({
    where: { projectId, code: 'student', roleSystem: ROLE_SYSTEM.STUDENT },
    transaction,
  });
  if (!role) throw new Error('the demo student role is missing');
  const accountOf = (person: { realName: string; idBody: string; mobile: string }, unitId: number | null) =>
    Account.create(
      {
        projectId,
        roleId: role.id,
        roleSystem: ROLE_SYSTEM.STUDENT,
        realName: person.realName,
        idCardNo: person.idBody + idCardCheckChar(person.idBody),
        mobile: person.mobile,
        unitId,
      },
      { transaction },
    );
  let photoCount = 0;
  const photoKey = async () => {
    photoCount += 1;
    const key = `cms-photos/${projectId}/demo-${photoCount}.png`;
    await storage.put(key, demoPhoto((photoCount * 17) % 60));
    return key;
  };
  const log = (
    apply: CmsApply,
    from: CmsApplyStatus | null,
    to: CmsApplyStatus,
    reason: string | null,
    actorId: number | null,
  ) =>
    CmsApplyLog.create(
      { projectId, applyId: apply.id, fromStatus: from, toStatus: to, actorId, reason },
      { transaction },
    );

  // The open batch.
  const open = await CmsBatch.create(
    {
      projectId,
      name: DEMO_CMS.openBatch,
      occupation: '焊工',
      occupationCode: '6-18-02-04',
      levels: ['L5', 'L4'],
      feeFen: 20_000,
      applyFrom: day(-7),
      applyTo: day(60),
      capacity: 200,
      requiredFields: ['education', 'photo'],
      notice: '请携带身份证原件参加考试；实操考试须穿着劳保鞋、工作服。',
      status: 'ENABLED',
      issueCertificate: true,
      certificateTemplateId: null,
      issuer: null,
      createdBy: people.staffId,
    },
    { transaction },
  );
  await CmsSubject.bulkCreate(
    [
      { projectId, batchId: open.id, name: '理论知识', fullTenths: 1000, passTenths: 600, sort: 0 },
      { projectId, batchId: open.id, name: '实际操作', fullTenths: 1000, passTenths: 600, sort: 1 },
    ],
    { transaction },
  );
  const room = await CmsSitting.create(
    {
      projectId,
      batchId: open.id,
      room: '第一考场',
      place: '济南市历下区示范路1号 演示培训中心三楼',
      startsAt: new Date(`${day(70)}T09:00:00+08:00`),
      endsAt: new Date(`${day(70)}T11:00:00+08:00`),
      capacity: 30,
    },
    { transaction },
  );
  await CmsSitting.create(
    {
      projectId,
      batchId: open.id,
      room: '实操车间',
      place: '济南市历下区示范路1号 演示培训中心实训楼',
      startsAt: new Date(`${day(70)}T14:00:00+08:00`),
      endsAt: new Date(`${day(70)}T17:00:00+08:00`),
      capacity: 12,
    },
    { transaction },
  );
  let seat = 0;
  for (const [index, person] of CANDIDATES.entries()) {
    const account = await accountOf(person, index % 2 === 0 ? people.unitId : null);
    const createdAt = new Date(now.getTime() - (CANDIDATES.length - index) * 3600_000);
    const apply = await CmsApply.create(
      {
        projectId,
        batchId: open.id,
        accountId: account.id,
        skillLevel: person.level,
        realName: person.realName,
        idCardNo: account.idCardNo as string,
        mobile: person.mobile,
        education: person.education,
        workYears: 3 + index,
        unitId: account.unitId,
        photoKey: await photoKey(),
        status: 'SUBMITTED',
        createdAt,
      },
      { transaction },
    );
    await log(apply, null, 'SUBMITTED', '提交报名', account.id);
    if (person.status === 'SUBMITTED') continue;
    const audited = { auditedBy: people.staffId, auditedAt: new Date(createdAt.getTime() + 1800_000) };
    if (person.status === 'REJECTED') {
      await apply.update(
        { status: 'REJECTED', rejectReason: '证件照不清晰，请重新上传正面免冠照片', ...audited },
        { transaction },
      );
      await log(apply, 'SUBMITTED', 'REJECTED', '证件照不清晰，请重新上传正面免冠照片', people.staffId);
      continue;
    }
    await apply.update({ status: 'APPROVED', ...audited }, { transaction });
    await log(apply, 'SUBMITTED', 'APPROVED', null, people.staffId);
    if (person.status === 'APPROVED') continue;
    // Paid on site (线下缴费): the fee order the desk recorded.
    const paidAt = new Date(createdAt.getTime() + 3600_000);
    const order = await PayOrder.create(
      {
        projectId,
        orderNo: newOrderNo(paidAt),
        accountId: account.id,
        unitId: account.unitId,
        kind: 'CMS',
        title: `${open.name}报名费`,
        status: 'PAID',
        channel: 'OFFLINE',
        totalFen: open.feeFen,
        paidFen: open.feeFen,
        paidAt,
        expiresAt: null,
        remark: '现场缴费',
        createdBy: people.staffId,
      },
      { transaction },
    );
    await logOrder(
      order,
      null,
      { source: 'STAFF', actorId: people.staffId, reason: '现场缴费' },
      transaction,
    );
    await CmsFeeOrder.create({ orderId: order.id, projectId, applyId: apply.id }, { transaction });
    await apply.update({ status: 'PAID', paidAt }, { transaction });
    await log(apply, 'APPROVED', 'PAID', '报名费已支付', null);
    if (person.status === 'CANCELLED') {
      await apply.update({ status: 'CANCELLED', cancelReason: '考生撤销报名' }, { transaction });
      await log(apply, 'PAID', 'CANCELLED', '考生撤销报名', account.id);
      await order.update({ status: 'REFUNDED', refundedFen: order.paidFen }, { transaction });
      await logOrder(
        order,
        'PAID',
        { source: 'STAFF', actorId: people.staffId, reason: '现场退费' },
        transaction,
      );
      continue;
    }
    // The first registered candidate is seated with a ticket; the other waits for a seat.
    if (seat === 0) {
      seat = 1;
      await apply.update(
        { sittingId: room.id, seatNo: seat, ticketNo: ticketNumber(room, seat), ticketIssuedAt: now },
        { transaction },
      );
    }
  }

  // The published batch: free, closed, scored; 张三 passed with a certificate.
  const published = await CmsBatch.create(
    {
      projectId,
      name: DEMO_CMS.publishedBatch,
      occupation: '育婴员',
      occupationCode: '4-10-01-02',
      levels: ['L4'],
      feeFen: 0,
      applyFrom: day(-90),
      applyTo: day(-60),
      capacity: 100,
      requiredFields: ['photo'],
      notice: null,
      status: 'ENABLED',
      issueCertificate: true,
      certificateTemplateId: null,
      issuer: null,
      scoresPublishedAt: new Date(now.getTime() - 30 * DAY),
      createdBy: people.staffId,
    },
    { transaction },
  );
  const subjects = await CmsSubject.bulkCreate(
    [
      { projectId, batchId: published.id, name: '安全知识', fullTenths: 1000, passTenths: 600, sort: 0 },
      { projectId, batchId: published.id, name: '现场实操', fullTenths: 1000, passTenths: 600, sort: 1 },
    ],
    { transaction, returning: true },
  );
  const hall = await CmsSitting.create(
    {
      projectId,
      batchId: published.id,
      room: '第二考场',
      place: '济南市历下区示范路1号 演示培训中心二楼',
      startsAt: new Date(`${day(-45)}T09:00:00+08:00`),
      endsAt: new Date(`${day(-45)}T11:30:00+08:00`),
      capacity: 40,
    },
    { transaction },
  );
  const people3 = [
    ...SCORED.map((person) => ({ person, account: null as Account | null })),
    {
      person: {
        realName: people.student.realName,
        idBody: (people.student.idCardNo ?? '').slice(0, 17),
        mobile: people.student.mobile ?? '',
        scores: [92, 88] as [number, number | null],
      },
      account: people.student,
    },
  ];
  for (const [index, entry] of people3.entries()) {
    const account = entry.account ?? (await accountOf(entry.person, null));
    const apply = await CmsApply.create(
      {
        projectId,
        batchId: published.id,
        accountId: account.id,
        skillLevel: 'L4',
        realName: account.realName,
        idCardNo: account.idCardNo as string,
        mobile: account.mobile as string,
        education: 'SENIOR',
        workYears: 5,
        unitId: account.unitId,
        photoKey: await photoKey(),
        status: 'SCORED',
        auditedBy: people.staffId,
        auditedAt: new Date(now.getTime() - 80 * DAY),
        paidAt: new Date(now.getTime() - 80 * DAY),
        sittingId: hall.id,
        seatNo: index + 1,
        ticketNo: ticketNumber(hall, index + 1),
        ticketIssuedAt: new Date(now.getTime() - 50 * DAY),
        createdAt: new Date(now.getTime() - 85 * DAY),
      },
      { transaction },
    );
    await log(apply, null, 'SUBMITTED', '提交报名', account.id);
    await log(apply, 'SUBMITTED', 'APPROVED', null, people.staffId);
    await log(apply, 'APPROVED', 'PAID', '免费考试，审核通过即报名成功', people.staffId);
    await log(apply, 'PAID', 'SCORED', '成绩发布', people.staffId);
    const [theory, practice] = entry.person.scores;
    for (const [subjectIndex, value] of [theory, practice].entries())
      await CmsScore.create(
        {
          projectId,
          applyId: apply.id,
          subjectId: (subjects[subjectIndex] as CmsSubject).id,
          scoreTenths: value === null ? null : value * 10,
          absent: value === null,
          updatedBy: people.staffId,
        },
        { transaction },
      );
    const passed = theory >= 60 && practice !== null && practice >= 60;
    if (passed) {
      const certificate = await issueSkillCertificate(
        {
          projectId,
          accountId: account.id,
          skillName: published.occupation,
          skillCode: published.occupationCode,
          skillLevel: 'L4',
          score: null,
          assessDate: day(-45),
          issuer: people.issuer,
        },
        now,
        transaction,
      );
      await apply.update({ certificateId: certificate.id }, { transaction });
    }
  }
}
