import { batchOrderCalls, unitImportCalls, unitWorkspaceCalls } from '../../contract/unit-import';
import { implement } from '../../core/action';
import {
  batchChildren,
  batchOrderQr,
  batchOrderStatus,
  cancelBatchOrder,
  deleteBatchChildren,
  getBatchOrder,
  pageBatchOrders,
  passBatchOrder,
  payBatchOrder,
  refundBatchChildren,
} from './batch-order.service';
import {
  importErrorFile,
  importProgress,
  importTemplate,
  pageImports,
  startImport,
} from './unit-import.service';
import { unitWorkspace } from './unit-workspace.service';

/** The import calls (`batch-import-order/...`); the service applies the unit policy to every row. */
export const unitImportActions = implement(unitImportCalls, {
  import: (ctx, input) =>
    startImport(
      ctx,
      input.unitClassId,
      ctx.files.find((file) => file.field === 'file'),
    ),
  template: () => importTemplate(),
  progress: (ctx, input) => importProgress(ctx, input.id),
  'error-file': (ctx, input) => importErrorFile(ctx, input.id),
  page: (ctx, input) => pageImports(ctx, input),
});

/** The batch order calls (`batch-order/...`). */
export const batchOrderActions = implement(batchOrderCalls, {
  page: (ctx, input) => pageBatchOrders(ctx, input),
  detail: (ctx, input) => getBatchOrder(ctx, input.id),
  children: (ctx, input) => batchChildren(ctx, input),
  pay: (ctx, input) => payBatchOrder(ctx, input.id),
  'pay-qr': (ctx, input) => batchOrderQr(ctx, input.id),
  'is-paid': (ctx, input) => batchOrderStatus(ctx, input.id),
  pass: (ctx, input) => passBatchOrder(ctx, input),
  delete: (ctx, input) => deleteBatchChildren(ctx, input),
  cancel: (ctx, input) => cancelBatchOrder(ctx, input.id),
  refund: (ctx, input) => refundBatchChildren(ctx, input),
});

/** The unit workspace call (`unit-workspace/overview`). */
export const unitWorkspaceActions = implement(unitWorkspaceCalls, {
  overview: (ctx) => unitWorkspace(ctx),
});
