import { type CertificateField, certificateFieldHeight } from '@px/api/contract';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef } from 'react';
import { canvasScale, fieldLabel, type PageSize, placeField, sampleText } from '../template-layout';

/** What the canvas draws and how it reports changes. */
export interface TemplateCanvasProps {
  page: PageSize;
  fields: readonly CertificateField[];
  /** An object URL of the background image, if any. */
  backgroundUrl?: string;
  /** The field whose properties the side panel shows. */
  selected: number | null;
  /** Indexes of fields the server or the checks refused (outlined in red). */
  refused?: ReadonlySet<number>;
  /** 预览: sample values only, no outlines, no dragging. */
  preview?: boolean;
  onSelect?: (index: number) => void;
  /** A field was dragged to a new place (already kept inside the page). */
  onMove?: (index: number, field: CertificateField) => void;
}

/** Where a drag started: the pointer and the field as it was. */
interface DragStart {
  index: number;
  clientX: number;
  clientY: number;
  field: CertificateField;
}

/**
 * Moves a field with the pointer: pointerdown on a field starts, pointermove anywhere moves it by
 * the pointer's travel divided by the scale, pointerup (or cancel) ends. Answers the pointerdown
 * handler.
 */
function useFieldDrag(
  page: PageSize,
  scale: number,
  onMove: TemplateCanvasProps['onMove'],
): (event: ReactPointerEvent, index: number, field: CertificateField) => void {
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);
  return (event, index, field) => {
    if (!onMove || event.button !== 0) return;
    event.preventDefault();
    stop.current();
    const start: DragStart = { index, clientX: event.clientX, clientY: event.clientY, field };
    const move = (moveEvent: PointerEvent) => {
      const x = start.field.x + (moveEvent.clientX - start.clientX) / scale;
      const y = start.field.y + (moveEvent.clientY - start.clientY) / scale;
      onMove(start.index, placeField(start.field, page, x, y));
    };
    const end = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      stop.current = () => undefined;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    stop.current = end;
  };
}

/** One field on the canvas, at scale: a box with the sample value (the QR code a hatched square). */
function CanvasField({
  field,
  scale,
  selected,
  refused,
  preview,
  onPointerDown,
}: {
  field: CertificateField;
  scale: number;
  selected: boolean;
  refused: boolean;
  preview: boolean;
  onPointerDown: (event: ReactPointerEvent) => void;
}) {
  const height = certificateFieldHeight(field);
  const outline = refused ? '1px solid #ff4d4f' : selected ? '1px dashed #1677ff' : '1px dashed #999';
  return (
    <div
      data-testid="certificate-field"
      title={preview ? undefined : fieldLabel(field)}
      onPointerDown={preview ? undefined : onPointerDown}
      style={{
        position: 'absolute',
        left: field.x * scale,
        top: field.y * scale,
        width: field.width * scale,
        height: height * scale,
        fontSize: field.fontSize * scale,
        lineHeight: `${height * scale}px`,
        color: field.color,
        fontWeight: field.bold ? 700 : 400,
        textAlign: field.align,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        cursor: preview ? 'default' : 'move',
        userSelect: 'none',
        touchAction: 'none',
        outline: preview ? undefined : outline,
        background: selected && !preview ? 'rgba(22, 119, 255, 0.08)' : undefined,
      }}
    >
      {field.key === 'qrCode' ? (
        <div
          role="img"
          aria-label="二维码"
          style={{
            width: '100%',
            height: '100%',
            background: 'repeating-conic-gradient(#333 0% 25%, #fff 0% 50%) 0 0 / 20% 20%',
          }}
        />
      ) : (
        sampleText(field)
      )}
    </div>
  );
}

/**
 * The template drawn at a scale that fits the editor: the background image stretched over the page
 * and each field as a label with sample data. Outside 预览 a field is selected and dragged with the
 * pointer.
 */
export function TemplateCanvas({
  page,
  fields,
  backgroundUrl,
  selected,
  refused,
  preview = false,
  onSelect,
  onMove,
}: TemplateCanvasProps) {
  const scale = canvasScale(page);
  const startDrag = useFieldDrag(page, scale, onMove);
  return (
    <div
      data-testid="certificate-canvas"
      data-scale={scale}
      style={{
        position: 'relative',
        width: page.width * scale,
        height: page.height * scale,
        background: '#fff',
        boxShadow: '0 0 0 1px #d9d9d9',
        overflow: 'hidden',
      }}
    >
      {backgroundUrl && (
        <img
          src={backgroundUrl}
          alt="证书背景"
          draggable={false}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        />
      )}
      {fields.map((field, index) => (
        <CanvasField
          // Fields have no ids; their order is their identity while the editor is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          field={field}
          scale={scale}
          selected={selected === index}
          refused={refused?.has(index) ?? false}
          preview={preview}
          onPointerDown={(event) => {
            onSelect?.(index);
            startDrag(event, index, field);
          }}
        />
      ))}
    </div>
  );
}
