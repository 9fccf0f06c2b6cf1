import { ArrowDown } from '@react-vant/icons';
import { useState } from 'react';
import { ActionSheet } from 'react-vant';

export interface YearPickerProps {
  /** The offered years, newest first. */
  years: readonly number[];
  value: number;
  onChange: (year: number) => void;
}

/** The year of the class centre: a button showing it, opening the list of offered years. */
export function YearPicker({ years, value, onChange }: YearPickerProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="class-center__year"
        aria-label={`年度：${value}年`}
        onClick={() => setOpen(true)}
      >
        {value}年度 <ArrowDown />
      </button>
      <ActionSheet
        visible={open}
        title="选择年度"
        cancelText="取消"
        actions={years.map((year) => ({
          name: `${year}年度`,
          color: year === value ? 'var(--rv-primary-color)' : undefined,
        }))}
        onCancel={() => setOpen(false)}
        onClose={() => setOpen(false)}
        onSelect={(_action, index) => {
          setOpen(false);
          const year = years[index];
          if (year !== undefined && year !== value) onChange(year);
        }}
      />
    </>
  );
}
