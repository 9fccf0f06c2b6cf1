import type { ReactNode } from 'react';
import { Button } from 'react-vant';
import './form.css';

export interface SubmitFooterProps {
  /** A submission is running: the button spins and cannot be pressed again. */
  submitting: boolean;
  /** The button's text (its accessible name). */
  children: ReactNode;
}

/** The footer of a form (react-vant `Form`'s `footer`): its one full-width submit button. */
export function SubmitFooter({ submitting, children }: SubmitFooterProps) {
  return (
    <div className="form-footer">
      <Button round block type="primary" nativeType="submit" loading={submitting} disabled={submitting}>
        {children}
      </Button>
    </div>
  );
}
