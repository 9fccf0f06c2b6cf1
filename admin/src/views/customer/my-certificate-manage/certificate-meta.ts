import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_STATE_LABELS,
  type CertificateKind,
  type CertificateState,
} from '@px/api/contract';

/** The path of 证书打印 for one certificate. */
export const CERTIFICATE_PRINT_PAGE = '/train-manage/second-certificate-print' as const;
export const certificatePrintPath = (id: number) => `${CERTIFICATE_PRINT_PAGE}?id=${id}`;

/** The file a certificate's PDF is saved as. */
export const certificateFileName = (certificateNo: string) => `证书${certificateNo}.pdf`;

export const CERTIFICATE_STATE_OPTIONS = (Object.keys(CERTIFICATE_STATE_LABELS) as CertificateState[]).map(
  (value) => ({ value, label: CERTIFICATE_STATE_LABELS[value] }),
);
export const CERTIFICATE_KIND_OPTIONS = (Object.keys(CERTIFICATE_KIND_LABELS) as CertificateKind[]).map(
  (value) => ({ value, label: CERTIFICATE_KIND_LABELS[value] }),
);
