import { Col, Form, type FormItemProps, Row, Switch } from 'antd';
import type { ReactNode } from 'react';

/** One field of a `FieldGrid`: its Form.Item's props and the control it holds. */
export interface GridField extends Omit<FormItemProps, 'children'> {
  /** A key when the field has no `name` (a field that only shows something). */
  key?: string;
  control: ReactNode;
  /** Columns of 24 it takes from the md breakpoint up (default half a row; full width on phones). */
  span?: number;
  /** Columns of 24 it takes on phones (default the whole row). */
  xs?: number;
  /** The control brings its own Form.Item (a shared field component, or one shown only sometimes). */
  plain?: boolean;
}

/**
 * A long form's fields from a table, two to a row: each entry is a Form.Item (name, label, extra,
 * rules, normalize…) and the control it holds, so a form lists what it asks instead of repeating
 * `Col > Form.Item > Input`.
 */
export function FieldGrid({ fields, gutter = 24 }: { fields: readonly GridField[]; gutter?: number }) {
  return (
    <Row gutter={gutter}>
      {fields.map(({ key, control, span = 12, xs = 24, plain, ...item }) => (
        <Col key={key ?? String(item.name)} xs={xs} md={span}>
          {plain ? control : <Form.Item {...item}>{control}</Form.Item>}
        </Col>
      ))}
    </Row>
  );
}

/** A yes/no field as a switch (是 / 否 unless `on` / `off` say otherwise): a quarter of the row, half on phones. */
export function switchField(name: string, label: string, on = '是', off = '否'): GridField {
  return {
    name,
    label,
    valuePropName: 'checked',
    xs: 12,
    span: 6,
    control: <Switch checkedChildren={on} unCheckedChildren={off} />,
  };
}
