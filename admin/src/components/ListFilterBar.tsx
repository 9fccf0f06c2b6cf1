import { Button, Flex, Form, Space } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** What a list screen puts in its filter bar. */
export interface ListFilterBarProps<V> {
  /** The form's name (the prefix of its fields' ids). */
  name: string;
  /** Called with the form's values when 查询 is pressed and the fields are valid. */
  onSearch: (values: V) => void;
  /** Called after 重置 has cleared the fields; without it there is no 重置 button. */
  onReset?: () => void;
  /** The fields' first values (a filter the address set); 重置 clears them like any other value. */
  initialValues?: Partial<V>;
  /** The filter fields (`Form.Item`s). */
  children: ReactNode;
  /** More buttons after 查询 (and 重置), for example 刷新. */
  buttons?: ReactNode;
  /** The screen's actions right of the filters (新增…); they wrap below on a narrow screen. */
  extra?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * The filter bar of a list screen: an inline form of the given fields with 查询 and 重置 (which
 * clears the fields, then calls `onReset`), optionally with the screen's actions on its right.
 */
export function ListFilterBar<V extends object>({
  name,
  onSearch,
  onReset,
  initialValues,
  children,
  buttons,
  extra,
  className,
  style,
}: ListFilterBarProps<V>) {
  const [form] = Form.useForm<V>();
  const bar = (
    <Form<V>
      form={form}
      name={name}
      layout="inline"
      className={className}
      style={style}
      initialValues={initialValues}
      onFinish={onSearch}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          {onReset && (
            <Button
              onClick={() => {
                form.resetFields();
                if (initialValues) {
                  form.setFieldsValue(
                    Object.fromEntries(Object.keys(initialValues).map((key) => [key, undefined])) as V,
                  );
                }
                onReset();
              }}
            >
              重置
            </Button>
          )}
          {buttons}
        </Space>
      </Form.Item>
    </Form>
  );
  if (extra === undefined) return bar;
  return (
    <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
      {bar}
      {extra}
    </Flex>
  );
}
