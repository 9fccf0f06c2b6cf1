import { useNavigate } from 'react-router-dom';
import { Button } from 'react-vant';
import { PageMessage } from '../../../components/PageState';
import { CLASS_SELECT_CENTER_PATH } from '../../../router/paths';

/** What a missing or no longer offered class shows. */
export const MISSING_CLASS_TEXT = '班级不存在或已下架';

/** The empty state of an unknown or withdrawn class, with the way back to the class centre. */
export function MissingClass() {
  const navigate = useNavigate();
  return (
    <PageMessage image="search" description={MISSING_CLASS_TEXT}>
      <Button
        round
        type="primary"
        className="page-state__button"
        onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}
      >
        返回选课中心
      </Button>
    </PageMessage>
  );
}
