import { Link } from 'react-router-dom';

import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';

export default function CancelRoute() {
  return (
    <Page title="Something Went Wrong" lead="Your payment was not completed and you have not been charged.">
      <Link to={paths.home} className="button button-primary">
        Go To Homepage
      </Link>
    </Page>
  );
}
