import type { ReactNode } from 'react';
import { Popup } from 'react-vant';

export interface FormPopupProps {
  title: string;
  visible: boolean;
  /** The popup is closed (the close icon or the overlay). */
  onClose: () => void;
  children: ReactNode;
}

/** The bottom sheet an account setting of /my is changed in (its content is dropped when closed). */
export function FormPopup({ title, visible, onClose, children }: FormPopupProps) {
  return (
    <Popup visible={visible} round position="bottom" closeable onClose={onClose} title={title} destroyOnClose>
      <div className="my-popup">{children}</div>
    </Popup>
  );
}
