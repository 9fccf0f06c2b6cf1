import { ADMIN_MENU_URLS, type AnyCall, ROLE_SYSTEM } from '@px/config';
import ExcelJS from 'exceljs';
import { QueryTypes } from 'sequelize';
import { catalogueCalls } from './contract/catalogue';
import { DEMO, seedDemoData } from './db/seed';
import type { Account } from './modules/account/account.model';
import { Project } from './modules/project/project.model';
import { createTestApp, type TestApp } from './testing/app';
import { encryptLoginField } from './testing/crypto';
import { buildAccount, buildHostedProject, buildUnit, signIn } from './testing/factories';
import {
  elementOf,
  exampleValue,
  isReferenceField,
  schemaFields,
  setAtPath,
  topFieldSchema,
} from './testing/schema-fields';
import { snapshotTables, tablesChanged } from './testing/table-snapshot';

/*
 * Issue 17, tenant isolation of the whole API. The demo project (A) holds the objects; a second
 * project (B) has a staff member granted every page, a student and a unit manager. Every call that
 * takes a reference to an object (an id, a storage key, a verify code) is made by each of them with
 * A's references: each answer is a refusal (401/403/404, respCode -1/-2), or a success holding
 * nothing of A (no name, number or code of A's rows; files only as spreadsheets without them), and
 * no table changes. A unit manager of another unit of A is held to the same with the demo unit's
 * objects. The calls come from the catalogue: a call taking a reference without a case in CASES
 * fails the first test, so a new call cannot ship without one. Each of the second project's calls is
 * made twice: as it is, and with A's id as `projectId` in the body (issue 28).
 */

/** Where a first-project reference comes from: one row of A (the first by id), read by SQL. */
interface Source {
  sql: string;
  /** Rows of the demo unit: a unit manager of another unit of A must not reach them either. */
  unitScoped?: boolean;
}

const A = ':a';
const SOURCES = {
  unit: { sql: `SELECT id FROM unit WHERE project_id = ${A} AND name = :unitName`, unitScoped: true },
  otherUnit: {
    sql: `SELECT id FROM unit WHERE project_id = ${A} AND name = :affiliatedName`,
    unitScoped: true,
  },
  unitClass: {
    sql: `SELECT id FROM unit_class WHERE project_id = ${A} ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  batchOrder: {
    sql: `SELECT id FROM batch_order WHERE project_id = ${A} ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  unitImport: {
    sql: `SELECT id FROM unit_import WHERE project_id = ${A} ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  transfer: {
    sql: `SELECT id FROM unit_class_transfer WHERE project_id = ${A} ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  unitMyClass: {
    sql: `SELECT id FROM my_class WHERE project_id = ${A} AND unit_class_id IS NOT NULL ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  unitOrder: {
    sql: `SELECT id FROM pay_order WHERE project_id = ${A} AND batch_order_id IS NOT NULL ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  trainClass: { sql: `SELECT id FROM train_class WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  trainPlan: { sql: `SELECT id FROM train_plan WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  classCategory: {
    sql: `SELECT id FROM class_category WHERE project_id = ${A} AND level = 2 ORDER BY id LIMIT 1`,
  },
  courseCategory: { sql: `SELECT id FROM course_category WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  resourceCategory: { sql: `SELECT id FROM resource_category WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  examCategory: { sql: `SELECT id FROM exam_category WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  course: { sql: `SELECT id FROM course WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  lesson: { sql: `SELECT id FROM course_lesson WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  resource: { sql: `SELECT id FROM resource WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  resourceQuestion: { sql: `SELECT id FROM resource_question WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  upload: { sql: `SELECT id FROM resource_upload WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  examQuestion: { sql: `SELECT id FROM exam_question WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  examPaper: { sql: `SELECT id FROM exam_paper WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  attempt: { sql: `SELECT id FROM exam_attempt WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  certificateTemplate: {
    sql: `SELECT id FROM certificate_template WHERE project_id = ${A} ORDER BY id LIMIT 1`,
  },
  background: {
    sql: `SELECT background_image AS id FROM certificate_template
           WHERE project_id = ${A} AND background_image IS NOT NULL ORDER BY id LIMIT 1`,
  },
  certificate: { sql: `SELECT id FROM certificate WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  verifyCode: {
    sql: `SELECT verify_code AS id FROM certificate WHERE project_id = ${A} ORDER BY id LIMIT 1`,
  },
  banner: { sql: `SELECT id FROM banner WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  bannerImage: { sql: `SELECT id FROM banner_image WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  order: { sql: `SELECT id FROM pay_order WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  orderItem: { sql: `SELECT id FROM pay_order_item WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  refundApply: { sql: `SELECT id FROM refund_apply WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  invoice: { sql: `SELECT id FROM invoice WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  unitInvoice: {
    sql: `SELECT id FROM invoice WHERE project_id = ${A} AND kind = 'COLLECTIVE' AND unit_id IS NOT NULL ORDER BY id LIMIT 1`,
    unitScoped: true,
  },
  changeClass: { sql: `SELECT id FROM change_class_apply WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  classApply: { sql: `SELECT id FROM class_apply WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  exceptionCase: { sql: `SELECT id FROM exception_case WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  /** A failure of A in 异常记录 (its key): A's push, FAILED or not (a key outside the log reads as missing too). */
  failureKey: {
    sql: `SELECT 'PUSH:' || id AS id FROM regulator_push WHERE project_id = ${A} ORDER BY id LIMIT 1`,
  },
  uploadedImage: { sql: `SELECT id FROM uploaded_image WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  cartItem: { sql: `SELECT id FROM shop_cart_item WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  myClass: { sql: `SELECT id FROM my_class WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  push: { sql: `SELECT id FROM regulator_push WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  studySession: { sql: `SELECT id FROM study_session WHERE project_id = ${A} ORDER BY started_at LIMIT 1` },
  progress: { sql: `SELECT id FROM lesson_progress WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  capture: { sql: `SELECT id FROM face_capture WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  evaluation: { sql: `SELECT id FROM class_evaluation WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  student: { sql: `SELECT id FROM account WHERE project_id = ${A} AND role_system = 3 ORDER BY id LIMIT 1` },
  staff: { sql: `SELECT id FROM account WHERE project_id = ${A} AND role_system = 2 ORDER BY id LIMIT 1` },
  role: { sql: `SELECT id FROM role WHERE project_id = ${A} AND role_system = 2 ORDER BY id LIMIT 1` },
  project: { sql: `SELECT id FROM project WHERE id = ${A}` },
  cmsBatch: { sql: `SELECT id FROM cms_batch WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  cmsSubject: { sql: `SELECT id FROM cms_subject WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  cmsApply: { sql: `SELECT id FROM cms_apply WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  cmsPaidApply: {
    sql: `SELECT id FROM cms_apply WHERE project_id = ${A} AND status = 'PAID' ORDER BY id LIMIT 1`,
  },
  cmsSitting: { sql: `SELECT id FROM cms_sitting WHERE project_id = ${A} ORDER BY id LIMIT 1` },
  cmsOrder: {
    sql: `SELECT order_id AS id FROM cms_fee_order WHERE project_id = ${A} ORDER BY order_id LIMIT 1`,
  },
  cmsScoreImport: { sql: `SELECT id FROM cms_score_import WHERE project_id = ${A} ORDER BY id LIMIT 1` },
} satisfies Record<string, Source>;

type SourceName = keyof typeof SOURCES;

/** The field is the tenant selector of a public page (any visitor may open A's pages): left out. */
const SELECTS_PROJECT = { selectsProject: true } as const;
/** The field is not a reference to a stored object of a project. */
const notARef = (reason: string) => ({ notARef: reason });
type Ref = SourceName | typeof SELECTS_PROJECT | { notARef: string };

const PUBLIC_UNIT = { unitId: SELECTS_PROJECT };

/**
 * Every call of the catalogue taking a reference, by field path: where A's reference comes from.
 * Calls only platform staff may make need no case (the router refuses every project caller by role,
 * checked below). A call's other required fields are made from its schema (`exampleValue`) or taken
 * from INPUTS.
 */
const CASES: Record<string, Record<string, Ref>> = {
  'shop-cart/save': { classId: 'trainClass' },
  'shop-cart/delete': { ids: 'cartItem' },
  'shop-cart/one-click-join': { classIds: 'trainClass' },
  'shop-cart/open-cart': { ids: 'cartItem' },
  'order/submit': { cartItemIds: 'cartItem' },
  'order/pay': { id: 'order' },
  'order/pay-qr': { id: 'order' },
  'order/is-paid': { id: 'order' },
  'order/check-status': { id: 'order' },
  'order/cancel': { id: 'order' },
  'order/my-order-detail': { id: 'order' },
  'order/page': { classId: 'trainClass', unitId: 'unit' },
  'order/detail': { id: 'order' },
  'order/export': { classId: 'trainClass', unitId: 'unit' },
  'order/query-wechat': { id: 'order' },
  'order/free-order': { accountId: 'student', classIds: 'trainClass' },
  'order/refund': { id: 'order', orderItemId: 'orderItem' },
  'refund-apply/get-data': { orderId: 'order' },
  'refund-apply/submit': { orderId: 'order', orderItemId: 'orderItem' },
  'refund-apply/cancel': { id: 'refundApply' },
  'refund-apply/do': { id: 'refundApply' },
  'refund-apply/reject': { id: 'refundApply' },
  'invoice/invoice-allowed': { orderId: 'order' },
  'invoice/save': { orderId: 'order' },
  'invoice/re-save': { id: 'invoice' },
  'invoice/detail': { id: 'invoice' },
  'invoice/my-pdf': { id: 'invoice' },
  'invoice/page': { unitId: 'unit' },
  'invoice/statistics': { unitId: 'unit' },
  'invoice/manage-detail': { id: 'unitInvoice' },
  'invoice/correct': { id: 'invoice' },
  'invoice/open': { id: 'invoice' },
  'invoice/batch-open': { ids: 'invoice' },
  'invoice/reject': { id: 'invoice' },
  'invoice/cancel': { id: 'invoice' },
  'invoice/mark': { id: 'invoice' },
  'invoice/remark': { id: 'invoice' },
  'invoice/refresh': { id: 'invoice' },
  'invoice/red': { id: 'invoice' },
  'invoice/red-batch': { ids: 'invoice' },
  'invoice/export-all': { unitId: 'unit' },
  'invoice/pdf': { id: 'unitInvoice' },
  'invoice/order-mark': { orderId: 'order' },
  'invoice/check-re-open': { orderId: 'unitOrder' },
  'invoice/unit-pool': { unitId: 'unit' },
  'invoice/collective-save': { unitId: 'unit', orderIds: 'unitOrder' },
  'change-class/options': { myClassId: 'myClass' },
  'change-class/do-change-my-class': { myClassId: 'myClass', toClassId: 'trainClass' },
  'change-class/my-cancel': { id: 'changeClass' },
  'change-class/detail': { id: 'changeClass' },
  'change-class/audit': { id: 'changeClass' },
  'change-class/cancel': { id: 'changeClass' },
  'my-class/apply': { classId: 'trainClass' },
  'my-class/end-class': { id: 'myClass' },
  'class-apply/page': { classId: 'trainClass' },
  'class-apply/audit': { id: 'classApply' },
  'exception-log/query': { key: 'failureKey' },
  'exception-log/retry': { key: 'failureKey' },
  'exception-log/resolve': { key: 'failureKey' },
  'exception-register/detail': { id: 'exceptionCase' },
  'exception-register/save': { accountId: 'student', assigneeId: 'staff', imageIds: 'uploadedImage' },
  'exception-register/assign': { id: 'exceptionCase', assigneeId: 'staff' },
  'exception-register/start': { id: 'exceptionCase' },
  'exception-register/resolve': { id: 'exceptionCase' },
  'class/notify-study-class': { classId: 'trainClass' },
  'order/batch-free-order': { accountIds: 'student', classIds: 'trainClass' },
  'my-class/study-info': { myClassId: 'myClass' },
  'study/start': { myClassId: 'myClass', lessonId: 'lesson' },
  'study/heartbeat': { sessionId: 'studySession' },
  'study/answer-question': { sessionId: 'studySession', questionId: 'resourceQuestion' },
  'study/confirm-idle': { sessionId: 'studySession' },
  'study/face-check': { sessionId: 'studySession' },
  'study/end': { sessionId: 'studySession' },
  'student/list': { unitId: 'unit' },
  'student/detail': { id: 'student' },
  'student/id-card-check': { id: 'student' },
  'student/update': { id: 'student', unitId: 'unit' },
  'student/face-photo': { id: 'student' },
  'student/capture-list': { id: 'student', myClassId: 'myClass' },
  'student/capture-image': { id: 'capture' },
  'study-report/page': { classId: 'trainClass', unitId: 'unit' },
  'study-report/export': { classId: 'trainClass', unitId: 'unit' },
  'study-report/student': { accountId: 'student' },
  'study-report/detail': { myClassId: 'myClass' },
  'study-report/refusals': { myClassId: 'myClass', progressId: 'progress' },
  'study-report/ledger': { myClassId: 'myClass' },
  'study-report/verify-ledger': { myClassId: 'myClass' },
  'study-report/corrections': { myClassId: 'myClass' },
  'study-report/correct-hours': { myClassId: 'myClass' },
  'study-report/correct-lesson': { myClassId: 'myClass', progressId: 'progress' },
  'my-class-push-log/report-list': { classId: 'trainClass' },
  'my-class-push-log/attempts': { id: 'push' },
  'my-class-push-log/not-push-list': { classId: 'trainClass' },
  'my-class-push-log/fail-export': { classId: 'trainClass' },
  'my-class-push-log/re-push': { ids: 'push' },
  'my-class-push-log/push-my-class': { myClassId: 'myClass' },
  'my-class-push-log/push-enrolments': { myClassIds: 'myClass' },
  'my-class-push-log/exception-page': { classId: 'trainClass' },
  'my-class-push-log/exception-correct': { id: 'push' },
  'my-class-push-log/exception-handle': { id: 'push' },
  'my-class-push-log/my-push-log': { myClassIds: 'myClass' },
  'class/count-pushable': { ids: 'trainClass' },
  'class/push': { id: 'trainClass' },
  'class/batch-push': { ids: 'trainClass' },
  'my-class/exam-entry': { myClassId: 'myClass' },
  'exam/start': { myClassId: 'myClass' },
  'exam/sheet': { attemptId: 'attempt' },
  'exam/save': { attemptId: 'attempt' },
  'exam/submit': { attemptId: 'attempt' },
  'exam/result': { attemptId: 'attempt' },
  'exam/attempts': { myClassId: 'myClass' },
  'exam-question/category-save': { id: 'examCategory', parentId: 'examCategory' },
  'exam-question/category-drag': { id: 'examCategory', parentId: 'examCategory' },
  'exam-question/category-delete': { id: 'examCategory' },
  'exam-question/page': { categoryId: 'examCategory' },
  'exam-question/detail': { id: 'examQuestion' },
  'exam-question/save': { id: 'examQuestion', categoryId: 'examCategory' },
  'exam-question/delete': { id: 'examQuestion' },
  'exam-paper/detail': { id: 'examPaper' },
  'exam-paper/save': {
    id: 'examPaper',
    'questions[].questionId': 'examQuestion',
    'rules[].categoryId': 'examCategory',
  },
  'exam-paper/delete': { id: 'examPaper' },
  'exam-paper/preview': { id: 'examPaper' },
  'exam-setting/get': { classId: 'trainClass' },
  'exam-setting/save': { classId: 'trainClass', paperId: 'examPaper' },
  'exam-score/page': { classId: 'trainClass' },
  'exam-score/export': { classId: 'trainClass' },
  'exam-score/attempts': { myClassId: 'myClass' },
  'exam-score/attempt': { attemptId: 'attempt' },
  'my-certificate/page': { classId: 'trainClass' },
  'my-certificate/find': { id: 'certificate' },
  'my-certificate/preview': { id: 'certificate' },
  'my-certificate/disable': { id: 'certificate' },
  'my-certificate/enable': { id: 'certificate' },
  'my-certificate/delete': { id: 'certificate' },
  'my-certificate/skill-init': { accountId: 'student', templateId: 'certificateTemplate' },
  'my-certificate/save': { id: 'certificate' },
  'my-certificate/reprint': { id: 'certificate' },
  'my-certificate/view': { id: 'certificate' },
  'my-certificate/download': { id: 'certificate' },
  'document-link/create': { id: 'certificate' },
  'my-certificate/query': { code: 'verifyCode' },
  'project/system-info': PUBLIC_UNIT,
  'unit/add-or-update': { id: 'unit' },
  'unit/save': { id: 'unit' },
  'unit/base': { id: 'unit' },
  'unit/train-list': { unitId: 'unit' },
  'unit/update-train-type': { id: 'unit' },
  'unit/batch-update-train-type': { ids: 'unit' },
  'unit/disable': { id: 'unit' },
  'unit/affiliation-save': { unitId: 'unit', affiliatedUnitIds: 'otherUnit' },
  'unit/affiliation-query': { unitId: 'unit' },
  'unit/affiliation-delete': { unitId: 'unit', affiliatedUnitIds: 'otherUnit' },
  'unit/affiliation-options': { unitId: 'unit' },
  'unit/affiliation-students': { unitId: 'unit', affiliatedUnitId: 'otherUnit' },
  'unit-class/page': { unitId: 'unit', classId: 'trainClass' },
  'unit-class/detail': { id: 'unitClass' },
  'unit-class/save': { id: 'unitClass', unitId: 'unit', classId: 'trainClass' },
  'unit-class/delete': { id: 'unitClass' },
  'unit-class/close': { id: 'unitClass' },
  'unit-class/open': { id: 'unitClass' },
  'unit-class/students': { id: 'unitClass' },
  'unit-class/transfer': { fromId: 'unitClass', toId: 'unitClass', myClassIds: 'unitMyClass' },
  'unit-class/transfer-progress': { id: 'transfer' },
  'unit-class/transfer-records': { id: 'unitClass', transferId: 'transfer' },
  'unit-class/transfer-targets': { id: 'unitClass' },
  'batch-import-order/import': { unitClassId: 'unitClass' },
  'batch-import-order/progress': { id: 'unitImport' },
  'batch-import-order/error-file': { id: 'unitImport' },
  'batch-import-order/page': { unitClassId: 'unitClass' },
  'batch-order/page': { unitId: 'unit', unitClassId: 'unitClass' },
  'batch-order/detail': { id: 'batchOrder' },
  'batch-order/children': { id: 'batchOrder' },
  'batch-order/pay': { id: 'batchOrder' },
  'batch-order/pay-qr': { id: 'batchOrder' },
  'batch-order/is-paid': { id: 'batchOrder' },
  'batch-order/pass': { id: 'batchOrder' },
  'batch-order/delete': { id: 'batchOrder', orderIds: 'unitOrder' },
  'batch-order/refund': { id: 'batchOrder', orderIds: 'unitOrder' },
  'batch-order/cancel': { id: 'batchOrder' },
  'dictionary/list': { unitId: 'unit' },
  'dictionary/tree': { unitId: 'unit' },
  'dictionary/regional-tree': { unitId: 'unit', code: notARef('a region of the national division list') },
  'resource/category-save': { id: 'resourceCategory', parentId: 'resourceCategory' },
  'resource/category-drag': { id: 'resourceCategory', parentId: 'resourceCategory' },
  'resource/category-delete': { id: 'resourceCategory' },
  'resource/query': { categoryId: 'resourceCategory' },
  'resource/get': { id: 'resource' },
  'resource/save': { id: 'resource', categoryId: 'resourceCategory' },
  'resource/delete': { id: 'resource' },
  'resource/play-url': { id: 'resource' },
  'shared-resource/play-url': { id: notARef('a row of the shared library, which every project reads') },
  'shared-resource/use': { id: notARef('a row of the shared library, which every project may copy') },
  'resource/package-retry': { id: 'resource' },
  'resource/repackage': { id: 'resource' },
  'resource/download-url': { id: 'resource' },
  'resource/upload-init': { categoryId: 'resourceCategory' },
  'resource/upload-chunk': { uploadId: 'upload' },
  'resource/upload-status': { uploadId: 'upload' },
  'resource/upload-complete': { uploadId: 'upload' },
  'resource/upload-abort': { uploadId: 'upload' },
  'resource/question-query': { resourceId: 'resource' },
  'resource/question-save': { id: 'resourceQuestion', resourceId: 'resource' },
  'resource/question-delete': { id: 'resourceQuestion' },
  'course/category-save': { id: 'courseCategory', parentId: 'courseCategory' },
  'course/category-drag': { id: 'courseCategory', parentId: 'courseCategory' },
  'course/category-delete': { id: 'courseCategory' },
  'course/query': { categoryId: 'courseCategory' },
  'course/get': { id: 'course' },
  'course/save': { id: 'course', categoryId: 'courseCategory', 'lessons[].resourceId': 'resource' },
  'course/delete': { id: 'course' },
  'certificate/template-get': { id: 'certificateTemplate' },
  'certificate/template-save': {
    id: 'certificateTemplate',
    backgroundImage: 'background',
    'fields[].key': notARef('the name of a text field printed on the template'),
  },
  'certificate/template-status': { id: 'certificateTemplate' },
  'certificate/template-delete': { id: 'certificateTemplate' },
  'certificate/template-background': { key: 'background' },
  'banner/save': { id: 'banner', imageId: 'bannerImage' },
  'banner/status': { id: 'banner' },
  'banner/delete': { id: 'banner' },
  'banner/sort': { ids: 'banner' },
  'banner/list': PUBLIC_UNIT,
  'train-plan/get': { id: 'trainPlan' },
  'train-plan/save': { id: 'trainPlan' },
  'train-plan/publish': { id: 'trainPlan' },
  'train-plan/close': { id: 'trainPlan' },
  'train-plan/delete': { id: 'trainPlan' },
  'class/category-find': { id: 'classCategory' },
  'class/category-save': { id: 'classCategory', parentId: 'classCategory' },
  'class/category-drag': { id: 'classCategory', targetId: 'classCategory' },
  'class/category-delete': { id: 'classCategory' },
  'class/create': {
    id: 'trainClass',
    planId: 'trainPlan',
    categoryId: 'classCategory',
    certificateTemplateId: 'certificateTemplate',
    'courses[].courseId': 'course',
  },
  'class/detail': { id: 'trainClass' },
  'class/page': { planId: 'trainPlan', categoryId: 'classCategory' },
  'class/export': { planId: 'trainPlan', categoryId: 'classCategory' },
  'class/on-shelf': { ids: 'trainClass' },
  'class/amount': { id: 'trainClass' },
  'class/copy': { id: 'trainClass' },
  'class/batch-copy': { ids: 'trainClass', planId: 'trainPlan' },
  'class/batch-modify': { ids: 'trainClass', planId: 'trainPlan', categoryId: 'classCategory' },
  'class/delete': { id: 'trainClass' },
  'class/sort': { 'items[].id': 'trainClass' },
  'class/evaluate-list': { classId: 'trainClass', unitId: 'unit' },
  'class/evaluate-get': { classId: 'trainClass' },
  'class/evaluate-save': { classId: 'trainClass' },
  'class/evaluate-status': { id: 'evaluation' },
  'class/center-page': { unitId: 'unit', categoryId: 'classCategory' },
  'class/center-years': { unitId: 'unit' },
  'class/center-categories': { unitId: 'unit' },
  'class/find-detail': { id: 'trainClass', unitId: 'unit' },
  'class/trial-play': { classId: 'trainClass', lessonId: 'lesson', unitId: 'unit' },
  'login/check-account-before-login': PUBLIC_UNIT,
  'login/login': PUBLIC_UNIT,
  'login/switch-login': { accountId: 'student' },
  'login/index2': PUBLIC_UNIT,
  'login/index2Login': PUBLIC_UNIT,
  'login/get-agreement': PUBLIC_UNIT,
  'login/about-us': PUBLIC_UNIT,
  'login/send-msg-code-by-login': PUBLIC_UNIT,
  'login/login-by-mobile': PUBLIC_UNIT,
  'register/send-msg-code': PUBLIC_UNIT,
  'register/do-register': PUBLIC_UNIT,
  'forget/send-msg-code-by-forget': PUBLIC_UNIT,
  'forget/forget-password': PUBLIC_UNIT,
  'sms/outbox': { projectId: 'project' },
  'dashboard/list': { projectId: 'project' },
  'dashboard/data': { projectId: 'project' },
  'dashboard/top': { projectId: 'project' },
  'dashboard/last-date': { projectId: 'project' },
  'dashboard/delete-cache-key': { projectId: 'project' },
  'dashboard/export': { projectId: 'project' },
  'account/query': { roleId: 'role', unitId: 'unit' },
  'account/add': { id: 'staff', roleId: 'role', unitId: 'unit' },
  'account/disable': { id: 'staff' },
  'account/delete': { id: 'staff' },
  'account/reset-password': { id: 'staff' },
  'account/unbind-openId': { id: 'student' },
  'role/find': { id: 'role' },
  'role/save': { id: 'role' },
  'role/delete': { id: 'role' },
  'wechat/oauth-url': PUBLIC_UNIT,
  'wechat/oauth-login': { code: notARef("WeChat's one-time OAuth code") },
  'wechat/js-sdk-config': PUBLIC_UNIT,
  'unit/h5-register-qr-code': { unitId: 'unit' },
  'unit/register-config-by-unit': PUBLIC_UNIT,
  'unit/register-students': { unitId: 'unit' },
  'cms-batch/detail': { id: 'cmsBatch' },
  'cms-batch/save': {
    id: 'cmsBatch',
    certificateTemplateId: 'certificateTemplate',
    'subjects[].id': 'cmsSubject',
  },
  'cms-batch/delete': { id: 'cmsBatch' },
  'cms-apply/page': { batchId: 'cmsBatch' },
  'cms-apply/export': { batchId: 'cmsBatch' },
  'cms-apply/detail': { id: 'cmsApply' },
  'cms-apply/photo': { id: 'cmsApply' },
  'cms-apply/approve': { id: 'cmsApply' },
  'cms-apply/reject': { id: 'cmsApply' },
  'cms-apply/batch-approve': { ids: 'cmsApply' },
  'cms-apply/submit': { batchId: 'cmsBatch', workUnitId: 'unit' },
  'cms-apply/resubmit': { id: 'cmsApply', workUnitId: 'unit' },
  'cms-apply/cancel': { id: 'cmsApply' },
  'cms-apply/pay': { id: 'cmsApply' },
  'cms-apply/my-photo': { id: 'cmsApply' },
  'cms-apply/my-ticket': { id: 'cmsPaidApply' },
  'cms-exam/sitting-list': { batchId: 'cmsBatch' },
  'cms-exam/sitting-save': { id: 'cmsSitting', batchId: 'cmsBatch' },
  'cms-exam/sitting-delete': { id: 'cmsSitting' },
  'cms-exam/candidates': { batchId: 'cmsBatch', sittingId: 'cmsSitting' },
  'cms-exam/auto-assign': { batchId: 'cmsBatch' },
  'cms-exam/assign': { applyId: 'cmsPaidApply', sittingId: 'cmsSitting' },
  'cms-exam/unassign': { applyId: 'cmsPaidApply' },
  'cms-exam/issue-tickets': { batchId: 'cmsBatch' },
  'cms-exam/attendance-export': { sittingId: 'cmsSitting' },
  'cms-order/page': { batchId: 'cmsBatch' },
  'cms-order/refund': { id: 'cmsOrder' },
  'score/query': { batchId: 'cmsBatch' },
  'score/update': { applyId: 'cmsPaidApply', 'scores[].subjectId': 'cmsSubject' },
  'score/delete': { applyId: 'cmsPaidApply' },
  'score/template': { batchId: 'cmsBatch' },
  'score/import': { batchId: 'cmsBatch' },
  'score/error-export': { importId: 'cmsScoreImport' },
  'score/export': { batchId: 'cmsBatch' },
  'score/publish': { batchId: 'cmsBatch' },
  'score/unpublish': { batchId: 'cmsBatch' },
};

/** Fields a call needs besides its references when its schema's example does not fit. */
const INPUTS: Record<string, Record<string, unknown>> = {
  'exam-question/save': { type: 'JUDGE', answer: 'A' },
  'document-link/create': { kind: 'CERTIFICATE' },
  'unit/update-train-type': { trainTypes: ['public'] },
  'unit/batch-update-train-type': { trainTypes: ['public'] },
  'role/save': { roleSystem: ROLE_SYSTEM.PROJECT },
  'exam-paper/save': { questions: [{ score: 100 }] },
  'cms-exam/sitting-save': { startsAt: '2030-06-01T09:00:00+08:00', endsAt: '2030-06-01T11:00:00+08:00' },
  'score/update': { scores: [{ score: 50 }] },
  // An occupation of the demo's vocational resource tree (电工).
  'cms-batch/save': { occupationCode: '6-31-01-03' },
  'my-certificate/skill-init': { skillCode: '6-31-01-03' },
};

const CALLS_BY_KEY = new Map(catalogueCalls().map((call) => [call.key, call]));

const isPlatformOnly = (call: AnyCall) =>
  (call.access.roles ?? []).length > 0 &&
  (call.access.roles ?? []).every((role) => role === ROLE_SYSTEM.PLATFORM);

const referenceFields = (call: AnyCall) => schemaFields(call.input).filter(isReferenceField);

test('every call taking a reference has a case, and every case names a call and all its references', () => {
  const problems: string[] = [];
  const calls = new Map(catalogueCalls().map((call) => [call.key, call]));
  for (const call of calls.values()) {
    const fields = referenceFields(call);
    if (fields.length === 0 || isPlatformOnly(call)) {
      if (CASES[call.key])
        problems.push(`${call.key}: a case, but the call takes no reference a project caller may send`);
      continue;
    }
    const refs = CASES[call.key];
    if (!refs) {
      problems.push(
        `${call.key}: takes ${fields.map((field) => field.path).join(', ')} but has no case in CASES`,
      );
      continue;
    }
    for (const field of fields)
      if (!(field.path in refs)) problems.push(`${call.key}: no source for ${field.path}`);
    for (const path of Object.keys(refs))
      if (!fields.some((field) => field.path === path))
        problems.push(`${call.key}: ${path} is not a field of the call`);
  }
  for (const key of Object.keys(CASES)) if (!calls.has(key)) problems.push(`${key}: no such call`);
  expect(problems).toEqual([]);
});

describe('over the demo project and a second one', () => {
  let t: TestApp;
  let projectA: number;
  let hostB: string;
  const tokens: Record<'staff' | 'student' | 'unitManager' | 'otherUnitManager', string> = {
    staff: '',
    student: '',
    unitManager: '',
    otherUnitManager: '',
  };
  const refs = new Map<SourceName, number | string>();
  /** Texts only A's rows hold (names, numbers, codes); a success answer to B holding one leaks. */
  let fingerprints: string[] = [];
  /** Texts only the demo unit's rows hold; an answer to another unit's manager holding one leaks. */
  let unitFingerprints: string[] = [];

  const texts = async (sql: string) =>
    (await t.sequelize.query<{ v: string }>(sql, { type: QueryTypes.SELECT, replacements: { a: projectA } }))
      .map((row) => row.v)
      .filter((text) => typeof text === 'string' && text.length >= 4);

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.sequelize);
    const demo = (await Project.findOne({ where: { code: DEMO.projectCode } })) as Project;
    projectA = demo.id;
    await addMissingRows();

    const everyPage = [...ADMIN_MENU_URLS];
    const { project: b, host } = await buildHostedProject();
    hostB = host;
    const unitB = await buildUnit(b.id);
    const sign = async (built: { account: Account }) => signIn(built.account);
    tokens.staff = await sign(
      await buildAccount({ projectId: b.id, roleSystem: ROLE_SYSTEM.PROJECT, menu: everyPage }),
    );
    tokens.student = await sign(await buildAccount({ projectId: b.id, roleSystem: ROLE_SYSTEM.STUDENT }));
    tokens.unitManager = await sign(
      await buildAccount({
        projectId: b.id,
        roleSystem: ROLE_SYSTEM.UNIT,
        unitId: unitB.id,
        menu: everyPage,
      }),
    );
    const otherUnit = await buildUnit(projectA);
    tokens.otherUnitManager = await sign(
      await buildAccount({
        projectId: projectA,
        roleSystem: ROLE_SYSTEM.UNIT,
        unitId: otherUnit.id,
        menu: everyPage,
      }),
    );

    // Fields that need the server's key: a new staff account's encrypted password.
    INPUTS['account/add'] = { password: await encryptLoginField(t.sequelize, 'Staff1234') };

    for (const [name, source] of Object.entries(SOURCES) as [SourceName, Source][]) {
      const [row] = await t.sequelize.query<{ id: number | string }>(source.sql, {
        type: QueryTypes.SELECT,
        replacements: { a: projectA, unitName: DEMO.unitName, affiliatedName: DEMO.affiliatedUnit.name },
      });
      if (row) refs.set(name, row.id);
    }

    fingerprints = [
      ...(await texts(`SELECT name AS v FROM train_class WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM unit WHERE project_id = :a`)),
      ...(await texts(`SELECT credit_code AS v FROM unit WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM unit_class WHERE project_id = :a`)),
      ...(await texts(`SELECT order_no AS v FROM pay_order WHERE project_id = :a`)),
      ...(await texts(`SELECT batch_no AS v FROM batch_order WHERE project_id = :a`)),
      ...(await texts(`SELECT certificate_no AS v FROM certificate WHERE project_id = :a`)),
      ...(await texts(`SELECT id_card_no AS v FROM account WHERE project_id = :a AND role_system = 3`)),
      ...(await texts(`SELECT mobile AS v FROM account WHERE project_id = :a AND role_system = 3`)),
      ...(await texts(`SELECT name AS v FROM course WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM resource WHERE project_id = :a`)),
      ...(await texts(`SELECT title AS v FROM banner WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM train_plan WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM exam_paper WHERE project_id = :a`)),
      ...(await texts(`SELECT content AS v FROM exam_question WHERE project_id = :a`)),
      ...(await texts(`SELECT name AS v FROM certificate_template WHERE project_id = :a`)),
    ];
    const demoUnit = refs.get('unit');
    unitFingerprints = [
      DEMO.unitName,
      DEMO.unitCreditCode,
      ...(await texts(`SELECT name AS v FROM unit_class WHERE project_id = :a`)),
      ...(await texts(`SELECT batch_no AS v FROM batch_order WHERE project_id = :a`)),
      ...(await texts(
        `SELECT order_no AS v FROM pay_order WHERE project_id = :a AND unit_id = ${Number(demoUnit)}`,
      )),
      ...(await texts(
        `SELECT id_card_no AS v FROM account WHERE project_id = :a AND unit_id = ${Number(demoUnit)} AND role_system = 3`,
      )),
    ];
  }, 60_000);
  afterAll(() => t?.close());

  /** Rows the demo data lacks, so every source has one in A. */
  async function addMissingRows() {
    const q = (sql: string) => t.sequelize.query(sql, { replacements: { a: projectA } });
    // An image uploaded in A (an attachment of an exception case) and a case when the demo has none.
    await q(`INSERT INTO uploaded_image (id, project_id, storage_key, content_type, width, height, size, sha256, created_at)
           VALUES (gen_random_uuid(), :a, 'images/a/cross-tenant.png', 'image/png', 8, 8, 100, repeat('0', 64), now())`);
    await q(`INSERT INTO exception_case (project_id, account_id, kind, description, status, created_at, updated_at)
           SELECT :a, a.id, 'OTHER', '异常描述A', 'PENDING', now(), now() FROM account a
            WHERE a.project_id = :a AND a.role_system = 3
              AND NOT EXISTS (SELECT 1 FROM exception_case WHERE project_id = :a)
            ORDER BY a.id LIMIT 1`);
    await q(`INSERT INTO shop_cart_item (project_id, account_id, class_id, created_at)
           SELECT :a, a.id, c.id, now() FROM account a, train_class c
            WHERE a.project_id = :a AND a.role_system = 3 AND c.project_id = :a ORDER BY a.id, c.id DESC LIMIT 1`);
    await q(`INSERT INTO exam_attempt (project_id, account_id, my_class_id, class_id, paper_name, kind, status,
             questions, answers, pass_score, started_at, created_at, updated_at)
           SELECT :a, m.account_id, m.id, m.class_id, '演示试卷A', 'EXAM', 'SUBMITTED', '[]', '{}', 60, now(), now(), now()
             FROM my_class m WHERE m.project_id = :a ORDER BY m.id LIMIT 1`);
    await q(`INSERT INTO face_capture (project_id, account_id, my_class_id, kind, storage_key, content_type, provider,
             simulated, score, passed, created_at)
           SELECT :a, m.account_id, m.id, 'START', 'face/a-capture.jpg', 'image/jpeg', 'simulator', true, 0.9, true, now()
             FROM my_class m WHERE m.project_id = :a ORDER BY m.id LIMIT 1`);
    await q(`INSERT INTO resource_upload (id, project_id, account_id, type, name, file_name, size, chunk_size,
             chunk_count, state, expires_at, created_at)
           SELECT gen_random_uuid(), :a, a.id, 'video', '上传中的视频A', 'a.mp4', 1024, 1024, 1, 'OPEN',
                  now() + interval '1 day', now()
             FROM account a WHERE a.project_id = :a AND a.role_system = 2 ORDER BY a.id LIMIT 1`);
    // The demo's issued invoice is made at server start (the invoice simulator); a pending one stands in.
    await q(`INSERT INTO invoice (project_id, kind, account_id, status, title_type, title, amount_fen, request_no,
             created_at, updated_at)
           SELECT :a, 'SINGLE', o.account_id, 'PENDING', 'PERSONAL', '发票抬头A', o.paid_fen, 'REQ-CROSS-A', now(), now()
             FROM pay_order o WHERE o.project_id = :a AND o.status = 'PAID' AND o.paid_fen > 0 ORDER BY o.id LIMIT 1`);
    // A collective invoice of the demo unit (unit managers read their own unit's only).
    await q(`INSERT INTO invoice (project_id, kind, unit_id, status, title_type, title, tax_no, amount_fen, request_no,
             created_at, updated_at)
           SELECT :a, 'COLLECTIVE', o.unit_id, 'PENDING', 'COMPANY', '集体发票抬头A', '91370100MA3C000X1K', GREATEST(o.paid_fen, 100),
                  'REQ-CROSS-UNIT-A', now(), now()
             FROM pay_order o WHERE o.project_id = :a AND o.batch_order_id IS NOT NULL ORDER BY o.id LIMIT 1`);
    await q(`INSERT INTO change_class_apply (project_id, account_id, my_class_id, from_class_id, to_class_id,
             order_id, paid_fen, to_amount_fen, progress_percent, status, reason, created_at, updated_at)
           SELECT :a, m.account_id, m.id, m.class_id, c.id, i.order_id, i.amount_fen, c.amount_fen, 0, 'PENDING',
                  '转班原因A', now(), now()
             FROM my_class m JOIN pay_order_item i ON i.my_class_id = m.id
             JOIN train_class c ON c.project_id = :a AND c.id <> m.class_id
            WHERE m.project_id = :a ORDER BY m.id, c.id LIMIT 1`);
    await q(`INSERT INTO class_apply (project_id, account_id, class_id, status, reason, created_at, updated_at)
           SELECT :a, a.id, c.id, 'PENDING', '报名理由A', now(), now() FROM account a, train_class c
            WHERE a.project_id = :a AND a.role_system = 3 AND c.project_id = :a
              AND NOT EXISTS (SELECT 1 FROM class_apply WHERE project_id = :a)
            ORDER BY a.id, c.id LIMIT 1`);
    // A refused score import of the demo's open batch (its error file).
    await q(`INSERT INTO cms_score_import (project_id, batch_id, file_name, total, imported, headers, errors, refused_rows)
           SELECT :a, b.id, 'A.xlsx', 1, 0, '["姓名","身份证号"]', '[{"row":2,"field":"姓名","value":"考生A","message":"x"}]',
                  '[{"row":2,"cells":["考生A","370102199001010010"]}]'
             FROM cms_batch b WHERE b.project_id = :a ORDER BY b.id LIMIT 1`);
    await q(`INSERT INTO unit_class (project_id, unit_id, class_id, name, planned_students, state, created_at, updated_at)
             SELECT :a, u.unit_id, u.class_id, '演示单位班级（二）', 10, u.state, now(), now()
               FROM unit_class u WHERE u.project_id = :a ORDER BY u.id LIMIT 1`);
    await q(`INSERT INTO unit_class_transfer (project_id, class_id, from_unit_class_id, to_unit_class_id, from_unit_id,
             to_unit_id, status, total, created_at, updated_at)
             SELECT :a, u.class_id, u.id, v.id, u.unit_id, v.unit_id, 'DONE', 0, now(), now()
               FROM unit_class u JOIN unit_class v ON v.class_id = u.class_id AND v.id > u.id
              WHERE u.project_id = :a ORDER BY u.id LIMIT 1`);
    // A push the regulator refused (staff may correct or mark it), when the demo has none.
    await q(`INSERT INTO regulator_push (project_id, push_no, my_class_id, account_id, class_id, kind, origin, status,
             attempts, last_code, last_message, reject_field, reject_reason, reject_errors, created_at, updated_at)
             SELECT :a, 'RP-CROSS-A', m.id, m.account_id, m.class_id, 'ORIGINAL', 'MANUAL', 'FAILED', 1, 'REJECTED',
                    '身份证号：身份证号与姓名不一致', 'student.idNumber', 'ID_NAME_MISMATCH',
                    '[{"field":"student.idNumber","reason":"ID_NAME_MISMATCH","message":"身份证号与姓名不一致"}]',
                    now(), now()
               FROM my_class m WHERE m.project_id = :a
                AND NOT EXISTS (SELECT 1 FROM regulator_push p WHERE p.project_id = :a)
                AND NOT EXISTS (SELECT 1 FROM regulator_push p WHERE p.my_class_id = m.id)
              ORDER BY m.id LIMIT 1`);
  }

  /** A's input for a call: its references from the sources, the rest from its schema's example. */
  function inputFor(call: AnyCall, unitScopedOnly = false): Record<string, unknown> | undefined {
    const cases = CASES[call.key] ?? {};
    const example = exampleValue(call.input);
    const input: Record<string, unknown> = {
      ...(example && typeof example === 'object' ? (example as Record<string, unknown>) : {}),
      ...INPUTS[call.key],
    };
    let any = false;
    for (const field of referenceFields(call)) {
      const ref = cases[field.path];
      if (typeof ref !== 'string') {
        if (ref && 'selectsProject' in ref) delete input[field.path];
        continue;
      }
      any = true;
      const container = field.path.split(/[.[]/)[0] as string;
      const containerSchema = topFieldSchema(call.input, container);
      if (container !== field.path && input[container] === undefined && containerSchema)
        input[container] =
          exampleValue(elementOf(containerSchema)) === undefined
            ? undefined
            : [exampleValue(elementOf(containerSchema))];
      const value = refs.get(ref);
      if (value === undefined) throw new Error(`${call.key}: A holds no ${ref}`);
      setAtPath(input, field.path, value, field.kind === 'array');
    }
    if (!any) return undefined;
    const unitScoped = Object.values(cases).some(
      (ref) => typeof ref === 'string' && (SOURCES[ref] as Source).unitScoped,
    );
    if (unitScopedOnly && !unitScoped) return undefined;
    return input;
  }

  /**
   * The input, and for a save with an optional id the input without it too (the create path): a
   * new row naming the other project's (or unit's) objects must be refused as well.
   */
  function variants(c: AnyCall, input: Record<string, unknown>, unitScopedOnly = false) {
    const idField = referenceFields(c).find((field) => field.path === 'id');
    const others = Object.entries(CASES[c.key] ?? {}).filter(
      ([path, ref]) =>
        path !== 'id' && typeof ref === 'string' && (!unitScopedOnly || (SOURCES[ref] as Source).unitScoped),
    );
    if (!idField || idField.required || others.length === 0) return [input];
    const { id: _id, ...creating } = input;
    return [input, creating];
  }

  type Verdict = 'refused' | 'nothing of A' | 'invalid input' | 'LEAK' | 'ERROR';

  async function verdictOf(
    refFields: Set<string>,
    answer: { status: number; headers: Record<string, string>; body: unknown; text?: string },
    marks: string[],
  ): Promise<Verdict> {
    if (answer.status >= 500) return 'ERROR';
    if (answer.status === 400) {
      // A reference the service does not find in the caller's project is a field error too
      // (`exists`; `complete` for a reordering that must name every row): a refusal as not found.
      const errors =
        (answer.body as { attribute?: { errors?: { field: string; rule: string }[] } }).attribute?.errors ??
        [];
      const notFound =
        errors.length > 0 &&
        errors.every(
          (error) =>
            ['exists', 'complete'].includes(error.rule) &&
            refFields.has(error.field.replace(/\.\d+\./g, '[].').replace(/\.\d+$/, '')),
        );
      return notFound ? 'refused' : 'invalid input';
    }
    // HTTP 404 is "no such call" (the router's), never a missing row (respCode -1): a wrong path.
    if (answer.status === 404) return 'ERROR';
    if ([401, 403, 405].includes(answer.status)) return 'refused';
    const type = String(answer.headers['content-type'] ?? '');
    if (type.includes('application/json')) {
      const body = answer.body as { respCode?: number };
      if (body.respCode === -1 || body.respCode === -2) return 'refused';
      const text = JSON.stringify(body);
      return marks.some((mark) => text.includes(mark)) ? 'LEAK' : 'nothing of A';
    }
    if (type.includes('spreadsheetml')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(answer.body as unknown as ArrayBuffer);
      const cells: string[] = [];
      for (const sheet of book.worksheets) sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
      const text = cells.join('\n');
      return marks.some((mark) => text.includes(mark)) ? 'LEAK' : 'nothing of A';
    }
    return 'LEAK';
  }

  const binary = (
    res: NodeJS.ReadableStream & { setEncoding?: unknown },
    done: (error: Error | null, body: Buffer) => void,
  ) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };

  async function call(key: string, input: Record<string, unknown>, token: string, host?: string) {
    const request = t.http.post(`/api/${key}.action`).set('token', token);
    if (host) request.set('Host', host);
    if (CALLS_BY_KEY.get(key)?.upload) {
      // An upload call: its fields as form text and a small file, as the apps send it.
      for (const [name, value] of Object.entries(input))
        if (value !== undefined) request.field(name, Array.isArray(value) ? value.join(',') : String(value));
      request.attach('file', Buffer.from('not really a file'), 'a.bin');
    } else request.send(input);
    const answer = await request
      .buffer(true)
      .parse((res, done) =>
        binary(res as unknown as NodeJS.ReadableStream, done as (error: Error | null, body: Buffer) => void),
      );
    const raw = answer.body as Buffer;
    const type = String(answer.headers['content-type'] ?? '');
    const body = type.includes('application/json') ? JSON.parse(raw.toString('utf8')) : raw;
    return { status: answer.status, headers: answer.headers as Record<string, string>, body };
  }

  test("a second project's staff, student and unit manager reach nothing of the first with its references", async () => {
    const findings: string[] = [];
    const tally = new Map<string, number>();
    let made = 0;
    let before = await snapshotTables(t.sequelize);
    for (const c of catalogueCalls()) {
      if (isPlatformOnly(c)) {
        for (const token of [tokens.staff, tokens.student, tokens.unitManager]) {
          const answer = await call(c.key, {}, token, hostB);
          if (answer.status !== 403)
            findings.push(`${c.key}: a platform call answered ${answer.status} to a project caller`);
        }
        continue;
      }
      if (referenceFields(c).length === 0) continue;
      const input = inputFor(c);
      if (!input) continue;
      // Each input as it is, and again naming A as the project in the body (issue 28): a tenant
      // passed by the caller must not move the call into A.
      const inputs = variants(c, input).flatMap((one) => [one, { ...one, projectId: projectA }]);
      for (const [who, token, sent] of inputs.flatMap(
        (one) =>
          [
            ['staff', tokens.staff, one],
            ['student', tokens.student, one],
            ['unit manager', tokens.unitManager, one],
          ] as const,
      )) {
        const allowed =
          !c.access.roles ||
          c.access.roles.includes(
            who === 'staff'
              ? ROLE_SYSTEM.PROJECT
              : who === 'student'
                ? ROLE_SYSTEM.STUDENT
                : ROLE_SYSTEM.UNIT,
          );
        const answer = await call(c.key, sent, token, hostB);
        made++;
        const verdict = await verdictOf(
          new Set(referenceFields(c).map((field) => field.path)),
          answer,
          fingerprints,
        );
        tally.set(verdict, (tally.get(verdict) ?? 0) + 1);
        if (verdict === 'LEAK' || verdict === 'ERROR' || (verdict === 'invalid input' && allowed))
          findings.push(
            `${c.key} as B's ${who}: ${verdict} ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} for ${JSON.stringify(sent)}`,
          );
      }
      const after = await snapshotTables(t.sequelize);
      const changed = tablesChanged(before, after);
      before = after;
      if (changed.length) findings.push(`${c.key}: wrote ${changed.join(', ')}`);
    }
    console.log(
      `cross-tenant: ${made} calls with A's references, ${JSON.stringify(Object.fromEntries(tally))}`,
    );
    expect(findings).toEqual([]);
  }, 600_000);

  test("a unit manager reaches nothing of another unit of the project with that unit's references", async () => {
    const findings: string[] = [];
    let made = 0;
    // The demo unit's rows (the caller may well write its own unit's: a save names its own unit).
    const demoUnit = { unitId: Number(refs.get('unit')) };
    let before = await snapshotTables(t.sequelize, demoUnit);
    for (const c of catalogueCalls()) {
      if (!c.access.roles?.includes(ROLE_SYSTEM.UNIT)) continue;
      const input = inputFor(c, true);
      if (!input) continue;
      for (const sent of variants(c, input, true)) {
        const answer = await call(c.key, sent, tokens.otherUnitManager);
        made++;
        const verdict = await verdictOf(
          new Set(referenceFields(c).map((field) => field.path)),
          answer,
          unitFingerprints,
        );
        if (verdict !== 'refused' && verdict !== 'nothing of A')
          findings.push(
            `${c.key}: ${verdict} ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} for ${JSON.stringify(sent)}`,
          );
      }
      const after = await snapshotTables(t.sequelize, demoUnit);
      const changed = tablesChanged(before, after);
      before = after;
      if (changed.length) findings.push(`${c.key}: wrote ${changed.join(', ')}`);
    }
    console.log(`cross-unit: ${made} calls with another unit's references`);
    expect(made).toBeGreaterThan(10);
    expect(findings).toEqual([]);
  }, 60_000);
});
