import { z } from 'zod';
import { anyone, staff, staffOrUnitManager, student } from './access';
import { answer, defineCalls, fileAnswer } from './call';
import {
  type Abilities,
  type PageAnswer,
  zEmptyOrNullAsAbsent,
  zIdInput,
  zIdList,
  zInput,
  zOptionalText,
  zPage,
  zRequiredText,
} from './common';
import { CREATED_IN_ORDER, zCalendarDate, zCreatedRange } from './train-plan';

/**
 * Invoices (docs/product-decisions.md "Invoices"): a student applies for an electronic invoice of a
 * paid order; staff open it through the electronic-invoice platform (asynchronous: ISSUING until the
 * platform's callback), reject, cancel, mark one issued elsewhere, and reverse an issued one by a
 * red invoice. A collective invoice covers many orders a unit paid. An order has at most one active
 * invoice; an invoice never exceeds what was paid minus what was refunded.
 */

export const INVOICE_STATUS = [
  'PENDING',
  'ISSUING',
  'ISSUED',
  'FAILED',
  'REJECTED',
  'CANCELLED',
  'RED_ISSUING',
  'REVERSED',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS)[number];
export const INVOICE_STATUS_LABEL: Readonly<Record<InvoiceStatus, string>> = {
  PENDING: '待开票',
  ISSUING: '开票中',
  ISSUED: '已开票',
  FAILED: '开票失败',
  REJECTED: '已驳回',
  CANCELLED: '已作废',
  RED_ISSUING: '红冲中',
  REVERSED: '已红冲',
};
/** States in which an invoice holds its orders (no second invoice of them). */
export const ACTIVE_INVOICE_STATUS: readonly InvoiceStatus[] = [
  'PENDING',
  'ISSUING',
  'ISSUED',
  'RED_ISSUING',
];

export const INVOICE_KINDS = ['SINGLE', 'COLLECTIVE'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABEL: Readonly<Record<InvoiceKind, string>> = {
  SINGLE: '个人申请',
  COLLECTIVE: '集体发票',
};

export const INVOICE_TITLE_TYPES = ['PERSONAL', 'COMPANY'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
export const INVOICE_TITLE_TYPE_LABEL: Readonly<Record<InvoiceTitleType, string>> = {
  PERSONAL: '个人',
  COMPANY: '单位',
};

export const INVOICE_LOG_SOURCES = ['STUDENT', 'STAFF', 'PLATFORM', 'SWEEP', 'SYSTEM'] as const;
export type InvoiceLogSource = (typeof INVOICE_LOG_SOURCES)[number];

export const TAX_RATES = [0, 1, 3, 6, 9, 13] as const;
export type TaxRatePct = (typeof TAX_RATES)[number];

/** A taxpayer number: 15 to 20 digits or capital letters (unified social credit codes are 18). */
export const zTaxNo = z
  .string({ error: '请填写纳税人识别号' })
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{15,20}$/, { error: '纳税人识别号应为 15 到 20 位数字或字母' }));

const zEmail = z
  .string({ error: '请填写接收邮箱' })
  .trim()
  .max(100, { error: '邮箱不能超过 100 个字符' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: '邮箱格式不正确' });

const zAmount = zEmptyOrNullAsAbsent(
  z
    .number({ error: '开票金额应为正整数（分）' })
    .int({ error: '开票金额应为正整数（分）' })
    .positive({ error: '开票金额应为正整数（分）' })
    .max(2_147_483_647, { error: '开票金额过大' }),
);

/** The title (抬头) of an invoice: a person's name, or a company's name and taxpayer number. */
const titleFields = {
  titleType: z.enum(INVOICE_TITLE_TYPES, { error: '抬头类型应为 PERSONAL 或 COMPANY' }),
  title: zRequiredText('发票抬头', 100),
  taxNo: zEmptyOrNullAsAbsent(zTaxNo),
  email: zEmail,
};
const companyHasTaxNo = (value: { titleType: InvoiceTitleType; taxNo?: string }) =>
  value.titleType !== 'COMPANY' || Boolean(value.taxNo);
const COMPANY_TAX_NO = { error: '单位抬头须填写纳税人识别号', path: ['taxNo'] };

/** `invoice/save`: a student applies for an invoice of one paid order (amount: what may be invoiced, when absent). */
export const invoiceSaveInput = z
  .object({ orderId: zInput.id(), ...titleFields, amount: zAmount })
  .refine(companyHasTaxNo, COMPANY_TAX_NO);

/** `invoice/re-save`: a REJECTED or FAILED application applied for again, with its title corrected. */
export const invoiceReSaveInput = z
  .object({ id: zInput.id(), ...titleFields, amount: zAmount })
  .refine(companyHasTaxNo, COMPANY_TAX_NO);

export const invoiceIdInput = zIdInput;
export const invoiceOrderInput = z.object({ orderId: zInput.id() });
/** A PDF: the invoice's, or its red reversal's when `red`. */
export const invoicePdfInput = z.object({
  id: zInput.id(),
  red: z.boolean({ error: '应为是或否' }).optional(),
});

/** An order as an invoice covers it. */
export interface InvoiceOrderView {
  orderId: number;
  orderNo: string;
  /** Fen invoiced for it. */
  amount: number;
  classNames: string[];
  studentName: string | null;
}

/** An invoice as its student sees it. */
export interface InvoiceView {
  id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  titleType: InvoiceTitleType;
  title: string;
  taxNo: string | null;
  email: string | null;
  /** Fen. */
  amount: number;
  invoiceNumber: string | null;
  issuedAt: string | null;
  /** Issued outside the platform (no PDF). */
  marked: boolean;
  /** A PDF may be downloaded (an issued or reversed invoice of the platform). */
  hasPdf: boolean;
  redInvoiceNumber: string | null;
  reversedAt: string | null;
  failure: string | null;
  rejectReason: string | null;
  createdAt: string;
  orders: InvoiceOrderView[];
  /**
   * What the student may do (docs/api-conventions.md "Abilities"): 重新申请 of a rejected or failed
   * application (refused with the reason when its order may not be invoiced now, e.g. a refund
   * application is open or the order was refunded).
   */
  abilities: Abilities<'reapply'>;
}

/** `invoice/invoice-allowed`: whether the caller may apply for an invoice of the order, and for how much. */
export interface InvoiceAllowedAnswer {
  allowed: boolean;
  /** Why not (zh-CN), else null. */
  reason: string | null;
  /** Fen that may be invoiced (paid minus refunded). */
  amount: number;
  /** The order's active invoice, when it has one. */
  invoiceId: number | null;
}

/** A paid order that may be invoiced. */
export interface InvoiceableOrder {
  orderId: number;
  orderNo: string;
  paidAt: string | null;
  classNames: string[];
  /** Fen: paid minus refunded. */
  amount: number;
  studentName: string;
}

export const myInvoicePageInput = z.object({ ...zPage });
export type InvoicePage = PageAnswer<InvoiceView>;

/** An invoice in the back office. */
export interface InvoiceRow extends Omit<InvoiceView, 'abilities'> {
  accountId: number | null;
  studentName: string | null;
  mobile: string | null;
  unitId: number | null;
  unitName: string | null;
  remark: string | null;
  redReason: string | null;
  requestNo: string;
  /**
   * Issued, but an order it covers now has less to invoice (refunded since): staff reverse it by a
   * red invoice (and the student may apply again for what is left).
   */
  refundedSinceIssued: boolean;
}
export type InvoiceRowPage = PageAnswer<InvoiceRow>;

/** A state change of an invoice. */
export interface InvoiceLogView {
  fromStatus: InvoiceStatus | null;
  toStatus: InvoiceStatus;
  source: InvoiceLogSource;
  actorName: string | null;
  reason: string | null;
  createdAt: string;
}

/** `invoice/manage-detail`: one invoice with its orders and history. */
export interface InvoiceDetail extends InvoiceRow {
  logs: InvoiceLogView[];
}

/** The filters of the back office's list, its statistics and export. */
const invoiceFilterFields = {
  status: zEmptyOrNullAsAbsent(z.enum(INVOICE_STATUS, { error: '发票状态不正确' })),
  kind: zEmptyOrNullAsAbsent(z.enum(INVOICE_KINDS, { error: '发票类型不正确' })),
  /** Title (part), invoice number or order number (exact). */
  keyword: zOptionalText(64),
  /** Student name (part), ID number or mobile (exact). */
  student: zOptionalText(50),
  unitId: zInput.optionalId(),
  ...zCreatedRange,
};

export const invoicePageInput = z.object({ ...zPage, ...invoiceFilterFields }).refine(...CREATED_IN_ORDER);
export const invoiceFilterInput = z.object(invoiceFilterFields).refine(...CREATED_IN_ORDER);
export type InvoiceFilters = z.output<typeof invoiceFilterInput>;

/** `invoice/statistics`: counts and amounts (fen) of the filtered invoices by state. */
export interface InvoiceStatistics {
  total: number;
  byStatus: Record<InvoiceStatus, { count: number; amount: number }>;
}

const zIds = (label: string) =>
  zIdList().pipe(
    z
      .array(z.number())
      .min(1, { error: `请选择${label}` })
      .max(200, { error: `一次最多 200 张${label}` }),
  );

export const invoiceBatchInput = z.object({ ids: zIds('发票') });
export const invoiceReasonInput = z.object({ id: zInput.id(), reason: zRequiredText('原因', 200) });
export const invoiceBatchReasonInput = z.object({ ids: zIds('发票'), reason: zRequiredText('原因', 200) });
export const invoiceRemarkInput = z.object({ id: zInput.id(), remark: zOptionalText(200) });
/** `invoice/mark`: staff record an invoice issued outside the platform. */
export const invoiceMarkInput = z.object({
  id: zInput.id(),
  invoiceNumber: z
    .string({ error: '请填写发票号码' })
    .trim()
    .regex(/^[0-9]{8,20}$/, { error: '发票号码应为 8 到 20 位数字' }),
  issuedDate: zCalendarDate('开票日期'),
});

/** Per invoice of a batch: done, or why not. */
export interface InvoiceBatchAnswer {
  done: number[];
  refused: { id: number; reason: string }[];
}

/** The project's seller details (`invoice/config`); null fields until saved. */
export interface InvoiceConfigView {
  sellerName: string;
  sellerTaxNo: string;
  sellerAddressPhone: string;
  sellerBankAccount: string;
  itemName: string;
  taxRatePct: TaxRatePct;
  updatedAt: string | null;
}

export const invoiceConfigInput = z.object({
  sellerName: zRequiredText('销售方名称', 100),
  sellerTaxNo: zTaxNo,
  sellerAddressPhone: zRequiredText('地址、电话', 200),
  sellerBankAccount: zRequiredText('开户行及账号', 200),
  itemName: zRequiredText('开票项目名称', 60),
  taxRatePct: z.union(
    TAX_RATES.map((rate) => z.literal(rate)),
    { error: '税率应为 0、1、3、6、9 或 13（%）' },
  ),
});

/** `invoice/unit-pool`: a unit's paid orders (paid by the unit) without an active invoice. */
export const unitPoolInput = z.object({ unitId: zInput.id() });
/** `invoice/collective-save`: one invoice of many orders of one unit, titled to a company. */
export const collectiveSaveInput = z.object({
  unitId: zInput.id(),
  orderIds: zIdList().pipe(
    z.array(z.number()).min(1, { error: '请选择订单' }).max(500, { error: '一次最多 500 个订单' }),
  ),
  title: zRequiredText('发票抬头', 100),
  taxNo: zTaxNo,
  email: zEmail,
});
/** `invoice/correct` (发票纠正): staff correct the title of an application not yet issued, with the reason (logged). */
export const invoiceCorrectInput = z
  .object({ id: zInput.id(), ...titleFields, reason: zRequiredText('纠正原因', 200) })
  .refine(companyHasTaxNo, COMPANY_TAX_NO);

export const unitOptionsInput = z.object({ name: zOptionalText(50) });
export interface InvoiceUnitOption {
  id: number;
  name: string;
  creditCode: string | null;
}

/** The platform's callback (`invoice/upload-callback`): a result, signed with the app secret. */
export const uploadCallbackInput = z.object({
  requestNo: z.string().max(32),
  kind: z.enum(['BLUE', 'RED']),
  state: z.enum(['ISSUING', 'ISSUED', 'FAILED']),
  serialNo: z.string().max(64),
  invoiceNumber: z.string().max(32).nullable(),
  issuedAt: z.string().max(40).nullable(),
  totalFen: z.number().int(),
  failure: z.string().max(500).nullable(),
  appKey: z.string().max(64),
  timestamp: z.number().int(),
  nonce: z.string().max(64),
  sign: z.string().max(128),
});
export interface UploadCallbackAnswer {
  /** APPLIED: the invoice changed; DUPLICATE: it had already. */
  outcome: 'APPLIED' | 'DUPLICATE';
}

export const INVOICE_LIST_PAGE = '/invoice-manage/invoice-list' as const;
export const INVOICE_COLLECTIVE_PAGE = '/invoice-manage/invoice-collective' as const;
export const INVOICE_CORRECT_PAGE = '/customer/invoice-manage' as const;
export const INVOICE_ORDER_PAGE = '/invoice-manage/order-manage' as const;
const manage = staff(INVOICE_LIST_PAGE, INVOICE_COLLECTIVE_PAGE);
/**
 * Who reads the list, details and PDFs: the invoice pages and 发票纠正; unit managers granted 集体发票
 * read their own unit's invoices only (checked by the service).
 */
const reader = staffOrUnitManager(INVOICE_LIST_PAGE, INVOICE_COLLECTIVE_PAGE, INVOICE_CORRECT_PAGE);
/** 集体发票: project staff for any unit, a unit manager for their own unit only (checked by the service). */
const collective = staffOrUnitManager(INVOICE_COLLECTIVE_PAGE);

/** The invoice calls (`invoice/...`). */
export const invoiceCalls = defineCalls('invoice', {
  /** Whether the caller may apply for an invoice of one of their orders. */
  'invoice-allowed': { input: invoiceOrderInput, answer: answer<InvoiceAllowedAnswer>(), access: student },
  /** The caller's paid orders that may be invoiced now. */
  'can-add-list': { input: z.object({}), answer: answer<InvoiceableOrder[]>(), access: student },
  /** Applies for an invoice of one paid order. */
  save: { input: invoiceSaveInput, answer: answer<InvoiceView>(), access: student },
  /** Applies again after REJECTED or FAILED. */
  're-save': { input: invoiceReSaveInput, answer: answer<InvoiceView>(), access: student },
  /** One invoice of the caller. */
  detail: { input: invoiceIdInput, answer: answer<InvoiceView>(), access: student },
  /** The caller's invoices, newest first. */
  'my-list': { input: myInvoicePageInput, answer: answer<InvoicePage>(), access: student },
  /** The PDF of an issued (or red) invoice of the caller. */
  'my-pdf': { input: invoicePdfInput, answer: fileAnswer(), access: student, methods: ['GET', 'POST'] },
  /** The project's invoices, filtered, newest first. */
  page: { input: invoicePageInput, answer: answer<InvoiceRowPage>(), access: reader },
  /** Counts and amounts of the filtered invoices by state. */
  statistics: { input: invoiceFilterInput, answer: answer<InvoiceStatistics>(), access: manage },
  /** One invoice with its orders and history. */
  'manage-detail': { input: invoiceIdInput, answer: answer<InvoiceDetail>(), access: reader },
  /** Corrects the title of an application not yet issued (发票纠正), logged with the reason. */
  correct: { input: invoiceCorrectInput, answer: answer<InvoiceRow>(), access: staff(INVOICE_CORRECT_PAGE) },
  /** Opens (issues) a PENDING invoice through the platform. */
  open: {
    input: invoiceIdInput,
    answer: answer<InvoiceRow>(),
    access: staff(INVOICE_LIST_PAGE, INVOICE_COLLECTIVE_PAGE, INVOICE_ORDER_PAGE),
  },
  /** Opens many PENDING invoices. */
  'batch-open': { input: invoiceBatchInput, answer: answer<InvoiceBatchAnswer>(), access: manage },
  /** Refuses a PENDING application with a reason (the student may apply again). */
  reject: { input: invoiceReasonInput, answer: answer<InvoiceRow>(), access: manage },
  /** Cancels a PENDING, REJECTED or FAILED application: its orders may be invoiced anew. */
  cancel: { input: invoiceReasonInput, answer: answer<InvoiceRow>(), access: manage },
  /** Records a PENDING or FAILED invoice as issued outside the platform, with its number. */
  mark: { input: invoiceMarkInput, answer: answer<InvoiceRow>(), access: manage },
  /** Staff's note on an invoice. */
  remark: { input: invoiceRemarkInput, answer: answer<InvoiceRow>(), access: manage },
  /** Asks the platform now how an ISSUING or RED_ISSUING invoice stands (刷新开票结果). */
  refresh: { input: invoiceIdInput, answer: answer<InvoiceRow>(), access: manage },
  /** Reverses an issued invoice by a red invoice. */
  red: { input: invoiceReasonInput, answer: answer<InvoiceRow>(), access: manage },
  /** Reverses many issued invoices. */
  'red-batch': { input: invoiceBatchReasonInput, answer: answer<InvoiceBatchAnswer>(), access: manage },
  /** The filtered invoices as a streamed `.xlsx`. */
  'export-all': {
    input: invoiceFilterInput,
    answer: fileAnswer(),
    access: manage,
    methods: ['GET', 'POST'],
  },
  /** The PDF of an issued (or red) invoice. */
  pdf: { input: invoicePdfInput, answer: fileAnswer(), access: reader, methods: ['GET', 'POST'] },
  /** The project's seller details. */
  config: { input: z.object({}), answer: answer<InvoiceConfigView | null>(), access: manage },
  /** Saves the project's seller details. */
  'save-config': {
    input: invoiceConfigInput,
    answer: answer<InvoiceConfigView>(),
    access: staff(INVOICE_LIST_PAGE),
  },
  /** Units of the project by part of the name (collective invoices). */
  'unit-options': {
    input: unitOptionsInput,
    answer: answer<InvoiceUnitOption[]>(),
    access: collective,
  },
  /** A unit's paid orders not yet invoiced. */
  'unit-pool': {
    input: unitPoolInput,
    answer: answer<InvoiceableOrder[]>(),
    access: collective,
  },
  /** One invoice of many orders of one unit. */
  'collective-save': {
    input: collectiveSaveInput,
    answer: answer<InvoiceRow>(),
    access: collective,
  },
  /** The electronic-invoice platform's signed result of an issue or red request (idempotent). */
  'upload-callback': { input: uploadCallbackInput, answer: answer<UploadCallbackAnswer>(), access: anyone },
});
